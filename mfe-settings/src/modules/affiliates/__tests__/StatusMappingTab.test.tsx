import { fetchOptionList } from '@crm/shared';
import { configure, installTestHttpClient, renderWithProviders, requestBody, screen, signedInSession, userEvent, waitFor, within, type TestReply } from '@crm/shared/testing';
import type { InternalAxiosRequestConfig } from 'axios';
import { RemotePage } from '../../../RemotePage.ts';
import { StatusMappingTab } from '../StatusMappingTab.tsx';

// Whole antd forms in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const settings = { affiliate_company_id: 7, time_zone: 'Europe/Berlin', daily_cap: 50, default_public_status: 'In progress', ftd_hold_hours: 24 };
const statusMap = { map: [{ status_id: 11, public_status: 'Deposited' }] };
const both = ['settings.affiliateCompany.view', 'settings.affiliateCompany.update'];

function renderTab(permissions: string[], write: (request: InternalAxiosRequestConfig) => TestReply = (request) => ({ status: 200, data: { data: requestBody(request) } })) {
  const http = installTestHttpClient((request) => {
    if (request.method !== 'get') return write(request);
    return { status: 200, data: { data: request.url?.endsWith('/settings') ? settings : statusMap } };
  });
  const view = renderWithProviders(
    <RemotePage>
      <StatusMappingTab companyId={7} />
    </RemotePage>,
    { session: signedInSession(permissions) },
  );
  view.store.dispatch(
    fetchOptionList.fulfilled(
      [
        { id: 10, name: 'New', class: 'lead', in_import: true, bgColor: '#ff0000', textColor: '#ffffff' },
        { id: 11, name: 'Won', class: 'lead', in_import: true, bgColor: '#00ff00', textColor: '#000000' },
        { id: 12, name: 'Bounced', class: 'email', in_import: false, bgColor: '#000000', textColor: '#ffffff' },
      ],
      'r1',
      { name: 'statuses', get: () => Promise.resolve(null) },
    ),
  );
  return { ...view, http };
}

const sent = (http: ReturnType<typeof renderTab>['http'], suffix: string) => http.adapter.requests.filter((request) => request.method === 'put' && request.url?.endsWith(suffix));

test('shows the settings and a row per lead status; save sends the settings, then the whole map', async () => {
  const { http } = renderTab(both);
  expect(await screen.findByLabelText('Time zone')).toHaveValue('Europe/Berlin');
  expect(screen.getByLabelText('Daily cap')).toHaveValue('50');
  expect(screen.getByLabelText('FTD hold (hours)')).toHaveValue('24');
  expect(screen.getByLabelText('Public status: Won')).toHaveValue('Deposited');
  expect(screen.getByLabelText('Public status: New')).toHaveAttribute('placeholder', 'In progress');
  expect(screen.queryByLabelText('Public status: Bounced')).not.toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Public status: New'), 'Fresh');
  await userEvent.clear(screen.getByLabelText('Daily cap'));
  await userEvent.clear(screen.getByLabelText('FTD hold (hours)'));
  await userEvent.type(screen.getByLabelText('FTD hold (hours)'), '0');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(sent(http, '/status-map')).toHaveLength(1));
  expect(sent(http, '/settings')[0]?.url).toBe('/settings/affiliate/company/7/settings');
  expect(requestBody(sent(http, '/settings')[0]!)).toEqual({ time_zone: 'Europe/Berlin', daily_cap: null, default_public_status: 'In progress', ftd_hold_hours: 0 });
  expect(requestBody(sent(http, '/status-map')[0]!)).toEqual({
    map: [
      { status_id: 10, public_status: 'Fresh' },
      { status_id: 11, public_status: 'Deposited' },
    ],
  });
});

test('a refusal shows under its field, and under the row of the map entry it names', async () => {
  renderTab(both, (request) =>
    request.url?.endsWith('/settings')
      ? { status: 200, data: { data: settings } }
      : { status: 422, data: { message: 'The public status may have at most 64 characters.', errors: { 'map.0.public_status': ['The public status may have at most 64 characters.'] } } },
  );
  await userEvent.clear(await screen.findByLabelText('Public status: Won'));
  await userEvent.type(screen.getByLabelText('Public status: Won'), 'Way too long');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  const row = screen.getByLabelText('Public status: Won').closest('tr')!;
  expect(await within(row).findByText('The public status may have at most 64 characters.')).toBeInTheDocument();
  expect(within(screen.getByLabelText('Public status: New').closest('tr')!).queryByText(/64 characters/)).not.toBeInTheDocument();
});

test('a settings refusal shows under its field and the map is not sent', async () => {
  const { http } = renderTab(both, () => ({
    status: 422,
    data: { message: 'The time zone must be an IANA zone like Europe/Berlin.', errors: { time_zone: ['The time zone must be an IANA zone like Europe/Berlin.'] } },
  }));
  await userEvent.clear(await screen.findByLabelText('Time zone'));
  await userEvent.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('The time zone must be an IANA zone like Europe/Berlin.')).toBeInTheDocument();
  expect(sent(http, '/status-map')).toHaveLength(0);
});

test('a viewer sees the values but cannot edit or save', async () => {
  renderTab(['settings.affiliateCompany.view']);
  expect(await screen.findByLabelText('Public status: Won')).toBeDisabled();
  expect(screen.getByLabelText('Time zone')).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
});
