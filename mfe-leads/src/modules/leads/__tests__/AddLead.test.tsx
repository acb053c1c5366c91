import toast from 'react-hot-toast';
import { configure, formItemOf, requestBody, screen, stubApi, waitFor, within, type TestClient } from '@crm/shared/testing';
import { chooseOption, everyLeadPermission, leadDetail, leadItem, pageReply, renderLeadRoutes, user } from '../../../testing/leadTestKit.tsx';

jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const posts = (api: TestClient) => api.adapter.requests.filter((request) => request.method === 'post');
const listCalls = (api: TestClient) => api.adapter.requests.filter((request) => request.method === 'get' && request.url === '/lead').length;

async function openForm() {
  await user.click(await screen.findByTestId('lead-add-open'));
  return within(await screen.findByTestId('lead-add-modal'));
}

test('asks for an email or a phone and a valid email before sending anything', async () => {
  const api = stubApi({ 'GET /lead': pageReply([]) });
  renderLeadRoutes('/lead/search');
  const form = await openForm();

  await user.click(within(screen.getByTestId('lead-add-submit')).getByRole('button'));
  expect(await within(formItemOf(form.getByLabelText('Email'))).findByText('Enter an email or a phone.')).toBeInTheDocument();
  expect(within(formItemOf(form.getByLabelText('Phone'))).getByText('Enter an email or a phone.')).toBeInTheDocument();

  await user.type(form.getByLabelText('Email'), 'not-an-email');
  expect(await within(formItemOf(form.getByLabelText('Email'))).findByText('Enter a valid email address.')).toBeInTheDocument();
  await waitFor(() => expect(within(formItemOf(form.getByLabelText('Phone'))).queryByText('Enter an email or a phone.')).not.toBeInTheDocument());
  await user.click(within(screen.getByTestId('lead-add-submit')).getByRole('button'));
  expect(posts(api)).toHaveLength(0);
  // The browser's own check would block the submit with its bubble over the message under the field.
  expect(form.getByLabelText('Email').closest('form')).toHaveAttribute('novalidate');
});

test('shows the duplicate and blacklisted refusals under their fields', async () => {
  const api = stubApi({
    'GET /lead': pageReply([]),
    'POST /lead': {
      status: 422,
      data: {
        message: 'A lead with this email already exists.',
        errors: { email: ['A lead with this email already exists.'], phone_normalized: ['This phone is blacklisted.'], 'tag_ids.0': ['The tag does not exist.'] },
      },
    },
  });
  renderLeadRoutes('/lead/search');
  const form = await openForm();

  await user.type(form.getByLabelText('Name'), ' Ada ');
  await user.type(form.getByLabelText('Email'), 'ada@example.com');
  await user.type(form.getByLabelText('Phone'), '030 1234567');
  await chooseOption('lead-form-country', 'Germany (DE)');
  await chooseOption('lead-form-status_id', 'Called');
  await chooseOption('lead-form-tag_ids', 'Cold');
  await user.click(within(screen.getByTestId('lead-add-submit')).getByRole('button'));

  expect(await within(screen.getByTestId('lead-form-email')).findByText('A lead with this email already exists.')).toBeInTheDocument();
  expect(within(screen.getByTestId('lead-form-phone')).getByText('This phone is blacklisted.')).toBeInTheDocument();
  expect(within(screen.getByTestId('lead-form-tag_ids')).getByText('The tag does not exist.')).toBeInTheDocument();
  expect(requestBody(posts(api)[0]!)).toEqual({ name: 'Ada', email: 'ada@example.com', phone: '030 1234567', country: 'DE', status_id: 11, tag_ids: [5] });
});

test('a saved lead shows its E.164 phone, and the list refreshes', async () => {
  const api = stubApi({
    'GET /lead': pageReply([leadItem(1)]),
    'POST /lead': { status: 201, data: { message: 'Lead created.', data: leadDetail(9, { lead_id: 'L-9', phone_normalized: '+4930555000' }) } },
  });
  renderLeadRoutes('/lead/search');
  await screen.findByTestId('lead-row');
  const before = listCalls(api);
  const form = await openForm();

  await user.type(form.getByLabelText('Phone'), '030 555000');
  await user.click(within(screen.getByTestId('lead-add-submit')).getByRole('button'));

  expect(await screen.findByTestId('lead-add-result-phone_normalized')).toHaveTextContent('+4930555000');
  expect(screen.getByTestId('lead-add-result-lead_id')).toHaveTextContent('L-9');
  await waitFor(() => expect(listCalls(api)).toBeGreaterThan(before));

  await user.click(screen.getByTestId('lead-add-open-profile'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/lead/single/9'));
});

test('auto-distribute is offered to senders holding lead.send only, off by default, and sent when ticked', async () => {
  const saved = { status: 201, data: { message: 'Lead created.', data: leadDetail(9) } };
  const api = stubApi({ 'GET /lead': pageReply([]), 'POST /lead': saved });
  // Without the permission, and with it but not flagged a sender (the API would answer 403).
  for (const [permissions, isSender] of [
    [everyLeadPermission, true],
    [[...everyLeadPermission, 'lead.send'], false],
  ] as const) {
    const { unmount } = renderLeadRoutes('/lead/search', [...permissions], { isSender });
    await openForm();
    expect(screen.queryByTestId('lead-form-auto_distribute')).not.toBeInTheDocument();
    unmount();
  }

  renderLeadRoutes('/lead/search', [...everyLeadPermission, 'lead.send'], { isSender: true });
  const form = await openForm();
  const checkbox = form.getByLabelText('Auto-distribute');
  expect(checkbox).not.toBeChecked();
  expect(within(screen.getByTestId('lead-form-auto_distribute')).getByText('Route the lead by the distribution rules as soon as it is saved.')).toBeInTheDocument();
  await user.type(form.getByLabelText('Email'), 'auto@example.com');
  await user.click(checkbox);
  await user.click(within(screen.getByTestId('lead-add-submit')).getByRole('button'));
  await screen.findByTestId('lead-add-result');
  expect(requestBody(posts(api)[0]!)).toEqual({ email: 'auto@example.com', auto_distribute: true });
});

test('a refused auto-distribute (403) is told as other refusals are, and the form stays', async () => {
  stubApi({ 'GET /lead': pageReply([]), 'POST /lead': { status: 403, data: { message: 'No permission' } } });
  renderLeadRoutes('/lead/search', [...everyLeadPermission, 'lead.send'], { isSender: true });
  const form = await openForm();
  await user.type(form.getByLabelText('Email'), 'auto@example.com');
  await user.click(form.getByLabelText('Auto-distribute'));
  await user.click(within(screen.getByTestId('lead-add-submit')).getByRole('button'));
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No permission'));
  expect(screen.queryByTestId('lead-add-result')).not.toBeInTheDocument();
  expect(screen.getByTestId('lead-add-modal')).toBeInTheDocument();
});
