import toast from 'react-hot-toast';
import { configure, formItemOf, pageOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import type { BlacklistItem } from '@crm/shared/contract';
import BlacklistPage from '../../../exposes/BlacklistPage.tsx';

jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));
// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
// The pointer-events check walks computed styles up the tree: seconds per click under antd's CSS-in-JS.
const user = userEvent.setup({ pointerEventsCheck: 0 });

const entry: BlacklistItem = {
  id: 3,
  type: 'email_domain',
  value: 'spam.test',
  comment: 'Known fraud',
  user: { id: 1, name: 'Ada Admin' },
  created_at: '2024-03-05T10:20:30.000Z',
  updated_at: '2024-03-05T10:20:30.000Z',
};
const valueError = 'The value must be a valid phone number.';

function renderPage(permissions = ['lead.black_list.view', 'lead.black_list.create', 'lead.black_list.delete']) {
  const http = stubApi({
    'GET /lead/black_list': pageOf([entry]),
    'POST /lead/black_list': (request) => {
      const body = requestBody(request) as { type: string; value: string };
      if (body.type === 'phone') return { status: 422, data: { message: valueError, errors: { value: [valueError] } } };
      return { status: 201, data: { message: 'Entry added', data: { ...entry, id: 4, type: body.type, value: body.value }, matching_leads: 3 } };
    },
    'DELETE /lead/black_list/3': { status: 200, data: { message: 'Entry deleted' } },
  });
  renderWithProviders(<BlacklistPage />, { session: signedInSession(permissions) });
  return http;
}

async function choose(scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByLabelText(label, { selector: 'input' }));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await user.click(options.at(-1)!);
}

const posts = (http: ReturnType<typeof renderPage>) => http.adapter.requests.filter((request) => request.method === 'post');

test('adding an entry says how many existing leads match it', async () => {
  const http = renderPage();
  await user.click(await screen.findByTestId('blacklist-add'));
  const form = await screen.findByTestId('blacklist-form');

  await user.type(within(form).getByLabelText('Value'), 'fraud@example.com');
  await user.type(within(form).getByLabelText('Comment'), 'Chargeback');
  await user.click(within(form).getByText('Add to black list'));

  expect(await screen.findByTestId('blacklist-added')).toHaveTextContent('fraud@example.com added; 3 existing leads match this entry');
  expect(toast.success).toHaveBeenCalledWith('Added; 3 existing leads match this entry');
  expect(requestBody(posts(http)[0]!)).toEqual({ type: 'email', value: 'fraud@example.com', comment: 'Chargeback' });
  await waitFor(() => expect(screen.queryByTestId('blacklist-form')).not.toBeInTheDocument());
});

test('an empty value is refused in the form, a refused value shows its message under the field', async () => {
  const http = renderPage();
  await user.click(await screen.findByTestId('blacklist-add'));
  const form = await screen.findByTestId('blacklist-form');

  await user.click(within(form).getByText('Add to black list'));
  expect(await within(form).findByText('The value field is required.')).toBeInTheDocument();
  expect(posts(http)).toHaveLength(0);

  await choose(form, 'Type', 'Phone');
  await user.type(within(form).getByLabelText('Value'), '12');
  await user.click(within(form).getByText('Add to black list'));

  expect(await within(formItemOf(within(form).getByLabelText('Value'))).findByText(valueError)).toBeInTheDocument();
  expect(requestBody(posts(http)[0]!)).toEqual({ type: 'phone', value: '12', comment: null });
  expect(toast.error).not.toHaveBeenCalled();
  expect(screen.getByTestId('blacklist-form')).toBeInTheDocument();
});

test('the list filters by type; a viewer can neither add nor delete', async () => {
  const http = renderPage(['lead.black_list.view']);
  expect(await screen.findByText('spam.test')).toBeInTheDocument();
  expect(screen.queryByTestId('blacklist-add')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Delete')).not.toBeInTheDocument();

  await choose(screen.getByTestId('blacklist-screen'), 'Type', 'Email domain');

  await waitFor(() => expect(http.adapter.requests.at(-1)?.params).toMatchObject({ type: 'email_domain', page: 1 }));
});
