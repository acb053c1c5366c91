import { configure, formItemOf, requestBody, screen, userEvent, waitFor, within } from '@crm/shared/testing';
import { keyFixture, keysUrl, renderCompanyPage } from './affiliateTestPage.tsx';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const issued = 'crm_Zz9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gF_eD-cBa9876';

async function chooseSource(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Source' }));
  const options = await screen.findAllByText(name, { selector: '.ant-select-item-option-content' });
  await userEvent.click(options.at(-1)!);
}

test('lists the keys with prefix, source, IPs, last use and state; a viewer gets no buttons', async () => {
  renderCompanyPage({
    tab: 'keys',
    permissions: ['settings.affiliateCompany.view', 'settings.affiliateKey.view'],
    keys: [keyFixture(), keyFixture({ id: 12, name: 'Old', revoked_at: '2020-01-01T00:00:00.000Z' })],
  });
  const row = (await screen.findByText('Main server')).closest('tr')!;
  expect(row).toHaveTextContent('crm_Ab3dE6gH');
  expect(row).toHaveTextContent('203.0.113.0/24');
  expect(row).toHaveTextContent('from 203.0.113.9');
  expect(within(row).getByTestId('api-key-state')).toHaveTextContent('Active');
  await waitFor(() => expect(row).toHaveTextContent('Alpha Ads'));
  expect(within(screen.getByText('Old').closest('tr')!).getByTestId('api-key-state')).toHaveTextContent('Revoked');
  expect(screen.queryByTestId('api-key-create')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Rotate' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
});

test('the form fetches the sources again when it opens: one added a moment ago is offered', async () => {
  const { http } = renderCompanyPage({ tab: 'keys' });
  await screen.findByText('Main server');
  const sourceFetches = () => http.adapter.requests.filter((request) => request.method === 'get' && request.url?.endsWith('/settings/source/all')).length;
  await waitFor(() => expect(sourceFetches()).toBe(1));
  await userEvent.click(screen.getByTestId('api-key-create'));
  await screen.findByTestId('api-key-form');
  await waitFor(() => expect(sourceFetches()).toBe(2));
});

test('create: the body sent, then the key shown once with its warning and a copy button', async () => {
  const writeText = jest.fn<Promise<void>, [string]>(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  const { http } = renderCompanyPage({
    tab: 'keys',
    replies: {
      [`POST ${keysUrl}`]: { status: 201, data: { message: 'API key created. Copy it now: it is not shown again.', data: { ...keyFixture({ id: 13, name: 'Backup' }), key: issued } } },
    },
  });
  await userEvent.click(await screen.findByTestId('api-key-create'));
  const form = await screen.findByTestId('api-key-form');
  expect(within(form).getByLabelText('Rate limit (per minute)')).toHaveValue('600');
  await userEvent.type(within(form).getByLabelText('Name'), 'Backup');
  await chooseSource('Beta Partners');
  await userEvent.click(within(form).getByTestId('api-key-save'));

  const dialog = await screen.findByTestId('issued-key-dialog');
  expect(within(dialog).getByTestId('issued-key')).toHaveValue(issued);
  expect(within(dialog).getByTestId('issued-key-warning')).toHaveTextContent('it will not be shown again');
  const post = http.adapter.requests.find((request) => request.method === 'post')!;
  expect(requestBody(post)).toEqual({ name: 'Backup', source_id: 2, allowed_ips: [], rate_limit_per_minute: 600, is_active: true, expires_at: null });

  await userEvent.click(within(dialog).getByRole('button', { name: 'Copy key' }));
  expect(writeText).toHaveBeenCalledWith(issued);
  expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

  await userEvent.click(screen.getByTestId('issued-key-done'));
  await waitFor(() => expect(screen.queryByTestId('issued-key')).not.toBeInTheDocument());
  expect(document.body).not.toHaveTextContent(issued);
});

test("create: the server's 422 lands under its field", async () => {
  renderCompanyPage({
    tab: 'keys',
    replies: {
      [`POST ${keysUrl}`]: {
        status: 422,
        data: { message: 'The address is not an IP address or CIDR network.', errors: { 'allowed_ips.0': ['The address is not an IP address or CIDR network.'] } },
      },
    },
  });
  await userEvent.click(await screen.findByTestId('api-key-create'));
  const form = await screen.findByTestId('api-key-form');
  await userEvent.type(within(form).getByLabelText('Name'), 'Backup');
  await chooseSource('Alpha Ads');
  await userEvent.type(within(form).getByRole('combobox', { name: 'Allowed IPs' }), 'not-an-ip{enter}');
  await userEvent.click(within(form).getByTestId('api-key-save'));

  const allowedIps = formItemOf(within(form).getByRole('combobox', { name: 'Allowed IPs' }));
  expect(await within(allowedIps).findByText('The address is not an IP address or CIDR network.')).toBeInTheDocument();
  expect(screen.queryByTestId('issued-key-dialog')).not.toBeInTheDocument();
});

test('a revoked key offers neither rotate nor revoke; a working one both, and edit', async () => {
  renderCompanyPage({ tab: 'keys', keys: [keyFixture(), keyFixture({ id: 12, name: 'Old', revoked_at: '2020-01-01T00:00:00.000Z' })] });
  const working = (await screen.findByText('Main server')).closest('tr')!;
  expect(within(working).getByRole('button', { name: 'Rotate' })).toBeInTheDocument();
  expect(within(working).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  const revoked = screen.getByText('Old').closest('tr')!;
  expect(within(revoked).queryByRole('button', { name: 'Rotate' })).not.toBeInTheDocument();
  expect(within(revoked).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  expect(within(revoked).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
});

test('rotate sends the grace period and shows the new key once; revoke asks first', async () => {
  const { http } = renderCompanyPage({
    tab: 'keys',
    replies: {
      'POST /settings/affiliate/api-key/11/rotate': { status: 201, data: { message: 'API key rotated.', data: { ...keyFixture({ id: 14 }), key: issued } } },
      'POST /settings/affiliate/api-key/11/revoke': { status: 200, data: { data: keyFixture({ revoked_at: '2026-11-27T10:00:00.000Z' }) } },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
  const rotation = await screen.findByRole('dialog', { name: 'Rotate the key “Main server”' });
  const grace = within(rotation).getByLabelText('Grace period (hours)');
  expect(grace).toHaveValue('24');
  await userEvent.clear(grace);
  await userEvent.type(grace, '2');
  await userEvent.click(within(rotation).getByRole('button', { name: 'Rotate' }));
  expect(await screen.findByTestId('issued-key')).toHaveValue(issued);
  const rotate = http.adapter.requests.find((request) => request.url === '/settings/affiliate/api-key/11/rotate')!;
  expect(requestBody(rotate)).toEqual({ grace_hours: 2 });
  await userEvent.click(screen.getByTestId('issued-key-done'));

  await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
  expect((await screen.findAllByText('Revoke the key “Main server” (crm_Ab3dE6gH)? Calls with it are refused from now on.'))[0]).toBeInTheDocument();
  expect(http.adapter.requests.some((request) => request.url?.endsWith('/revoke'))).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(http.adapter.requests.some((request) => request.url === '/settings/affiliate/api-key/11/revoke')).toBe(true));
});

test('edit starts from the key and sends the changes, the expiry as a moment', async () => {
  const { http } = renderCompanyPage({
    tab: 'keys',
    keys: [keyFixture({ expires_at: '2027-01-31T12:30:00.000Z' })],
    replies: { 'PUT /settings/affiliate/api-key/11': { status: 200, data: { data: keyFixture() } } },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  const form = await screen.findByTestId('api-key-form');
  expect(within(form).getByLabelText('Name')).toHaveValue('Main server');
  const rate = within(form).getByLabelText('Rate limit (per minute)');
  await userEvent.clear(rate);
  await userEvent.type(rate, '120');
  await userEvent.click(within(form).getByTestId('api-key-save'));

  await waitFor(() => expect(http.adapter.requests.some((request) => request.method === 'put')).toBe(true));
  const put = http.adapter.requests.find((request) => request.method === 'put')!;
  expect(requestBody(put)).toEqual({
    name: 'Main server',
    source_id: 1,
    allowed_ips: ['203.0.113.0/24'],
    rate_limit_per_minute: 120,
    is_active: true,
    expires_at: '2027-01-31T12:30:00.000Z',
  });
  await waitFor(() => expect(screen.queryByTestId('api-key-form')).not.toBeInTheDocument());
});
