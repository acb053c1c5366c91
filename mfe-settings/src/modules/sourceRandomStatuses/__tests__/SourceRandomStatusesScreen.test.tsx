import { fetchOptionList } from '@crm/shared';
import { configure, installTestHttpClient, renderWithProviders, requestBody, screen, signedInSession, userEvent, waitFor, within, type TestReply } from '@crm/shared/testing';
import type { InternalAxiosRequestConfig } from 'axios';
import SourceRandomStatusesPage from '../../../exposes/SourceRandomStatusesPage.tsx';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const item = {
  id: 1,
  source_id: 1,
  source_name: 'Alpha Ads',
  statuses: [
    { status_id: 10, status_name: 'New', bg_color: '#ff0000', text_color: '#ffffff', weight: 2, percentage: 66.7 },
    { status_id: 11, status_name: 'Called', bg_color: '#00ff00', text_color: '#000000', weight: 1, percentage: 33.3 },
  ],
  updated_at: '2024-03-05T10:20:30.000Z',
};
const all = ['view', 'create', 'update', 'delete'].map((action) => `settings.sourceRandomStatus.${action}`);

function renderPage(permissions: string[], write: (request: InternalAxiosRequestConfig) => TestReply = () => ({ status: 200, data: { message: 'Setting successfully deleted' } })) {
  const http = installTestHttpClient((request) =>
    request.method === 'get' ? { status: 200, data: { data: [item], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } } } : write(request),
  );
  const view = renderWithProviders(<SourceRandomStatusesPage />, { session: signedInSession(permissions) });
  const get = () => Promise.resolve(null);
  view.store.dispatch(
    fetchOptionList.fulfilled(
      [
        { id: 1, name: 'Alpha Ads' },
        { id: 2, name: 'Beta Partners' },
      ],
      'r1',
      { name: 'sources', get },
    ),
  );
  view.store.dispatch(
    fetchOptionList.fulfilled(
      [
        { id: 10, name: 'New', class: 'lead', in_import: true, bgColor: '#ff0000', textColor: '#ffffff' },
        { id: 11, name: 'Called', class: 'lead', in_import: true, bgColor: '#00ff00', textColor: '#000000' },
        { id: 12, name: 'Bounced', class: 'email', in_import: false, bgColor: '#000000', textColor: '#ffffff' },
      ],
      'r2',
      { name: 'statuses', get },
    ),
  );
  return { ...view, http };
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await userEvent.click(options.at(-1)!);
}

test('lists each source with its statuses and shares; a viewer gets no buttons', async () => {
  renderPage(['settings.sourceRandomStatus.view']);

  expect(await screen.findByText('Alpha Ads')).toBeInTheDocument();
  const shares = screen.getAllByTestId('random-status-share');
  expect(shares.map((share) => share.textContent)).toEqual(['New 2 · 66.7%', 'Called 1 · 33.3%']);
  expect(within(shares[0]!).getByText('New')).toHaveStyle({ backgroundColor: '#ff0000', color: '#ffffff' });
  expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
});

test('create: live percentages while weights change, lead statuses only, the server 422 under its row', async () => {
  const { http } = renderPage(all, () => ({
    status: 422,
    data: { message: 'The weight may not be greater than 10000.', errors: { 'statuses.1.weight': ['The weight may not be greater than 10000.'] } },
  }));
  await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
  const dialog = await screen.findByRole('dialog');

  await choose('Source', 'Beta Partners');
  await choose('Status 1', 'New');
  await userEvent.clear(within(dialog).getByLabelText('Weight 1'));
  await userEvent.type(within(dialog).getByLabelText('Weight 1'), '3');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add status' }));
  await choose('Status 2', 'Called');
  expect(screen.queryByText('Bounced', { selector: '.ant-select-item-option-content' })).not.toBeInTheDocument();

  await waitFor(() => expect(within(dialog).getByTestId('random-status-percentage-0')).toHaveTextContent('75%'));
  expect(within(dialog).getByTestId('random-status-percentage-1')).toHaveTextContent('25%');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await within(dialog).findByText('The weight may not be greater than 10000.')).toBeInTheDocument();
  const post = http.adapter.requests.find((request) => request.method === 'post');
  expect(post?.url).toBe('/settings/source/random/status');
  expect(post && requestBody(post)).toEqual({
    source_id: 2,
    statuses: [
      { status_id: 10, weight: 3 },
      { status_id: 11, weight: 1 },
    ],
  });
  const secondRow = within(dialog).getAllByTestId('random-status-row')[1]!;
  expect(within(secondRow).getByText('The weight may not be greater than 10000.')).toBeInTheDocument();
});

test('edit replaces the list of the row; delete asks first', async () => {
  const { http } = renderPage(all, (request) => ({ status: 200, data: { message: request.method === 'put' ? 'Setting successfully updated' : 'Setting successfully deleted', data: item } }));
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByTestId('random-status-source')).toHaveTextContent('Alpha Ads');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove status 2' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(http.adapter.requests.some((request) => request.method === 'put')).toBe(true));
  const put = http.adapter.requests.find((request) => request.method === 'put')!;
  expect(put.url).toBe('/settings/source/random/status/1');
  expect(requestBody(put)).toEqual({ statuses: [{ status_id: 10, weight: 2 }] });

  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect((await screen.findAllByText('Are you sure you want to delete?'))[0]).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(http.adapter.requests.some((request) => request.method === 'delete' && request.url === '/settings/source/random/status/1')).toBe(true));
});
