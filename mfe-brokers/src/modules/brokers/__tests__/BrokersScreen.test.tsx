import { configure, fireEvent, formItemOf, pageOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import BrokersPage from '../../../exposes/BrokersPage.tsx';
import { brokerFixture } from '../../../testing/brokerFixtures.ts';
import { enter } from '../../../testing/enter.ts';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

const companies = {
  status: 200,
  data: {
    data: [
      { id: 1, name: 'Acme' },
      { id: 2, name: 'Globex' },
    ],
  },
};
const permissions = ['broker.view', 'broker.create', 'broker.update', 'options.affiliateCompanies.all'];

const writes = (http: ReturnType<typeof stubApi>, method: string) => http.adapter.requests.filter((request) => request.method === method);

test('lists brokers by their option label (name - companies) with their contract date and departments', async () => {
  stubApi({
    'GET /broker': pageOf([
      brokerFixture({
        affiliate_companies: [
          { id: 1, name: 'Acme' },
          { id: 2, name: 'Globex' },
        ],
        departments_count: 2,
        contract_expires_in: '2026-12-31',
      }),
    ]),
    'GET /settings/affiliate/company/all': companies,
  });
  renderWithProviders(<BrokersPage />, { session: signedInSession(permissions) });

  const row = (await screen.findByText('Broker One - Acme, Globex')).closest('tr')!;
  expect(within(row).getByText('Broker One Ltd')).toBeInTheDocument();
  expect(within(row).getByText('Dec 31, 2026')).toBeInTheDocument();
  expect(within(row).getByText('2')).toBeInTheDocument();
});

test('the create form sends the contract body (companies by id, lists, date) and shows a 422 under its field', async () => {
  const http = stubApi({
    'GET /broker': pageOf([]),
    'GET /settings/affiliate/company/all': companies,
    'POST /broker': { status: 422, data: { message: 'Each web page must be an http(s) address.', errors: { 'company_web_pages.1': ['Each web page must be an http(s) address.'] } } },
  });
  renderWithProviders(<BrokersPage />, { session: signedInSession(permissions) });
  await userEvent.click(await screen.findByRole('button', { name: /Create/ }));
  const dialog = await screen.findByRole('dialog');

  await enter(within(dialog).getByLabelText('Name'), 'Broker Two');
  await enter(within(dialog).getByLabelText('Company name'), 'Two GmbH');
  await userEvent.click(within(dialog).getByLabelText('Affiliate companies'));
  await userEvent.click(await screen.findByText('Globex', { selector: '.ant-select-item-option-content' }));
  // A pasted list is split into tags at commas and spaces.
  await enter(within(dialog).getByLabelText('Company web pages'), 'https://two.test, ftp://two.test,');
  await enter(within(dialog).getByLabelText('IP addresses'), '203.0.113.0/24,');
  fireEvent.change(within(dialog).getByLabelText('Contract expires'), { target: { value: '2027-01-31' } });

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  const pages = formItemOf(within(dialog).getByLabelText('Company web pages'));
  expect(await within(pages).findByText('Each web page must be an http(s) address.')).toBeInTheDocument();
  expect(requestBody(writes(http, 'post')[0]!)).toEqual({
    name: 'Broker Two',
    company_name: 'Two GmbH',
    affiliate_company_ids: [2],
    company_web_pages: ['https://two.test', 'ftp://two.test'],
    ip_addresses: ['203.0.113.0/24'],
    contract_expires_in: '2027-01-31',
    is_active: true,
  });
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('the edit form starts from the broker (its companies chosen) and a cleared date is sent as null', async () => {
  const broker = brokerFixture({ affiliate_companies: [{ id: 1, name: 'Acme' }], contract_expires_in: '2026-12-31', company_web_pages: ['https://one.test'] });
  const http = stubApi({
    'GET /broker': pageOf([broker]),
    'GET /settings/affiliate/company/all': companies,
    'PUT /broker/1': { status: 200, data: { message: 'Broker successfully updated', data: broker } },
  });
  renderWithProviders(<BrokersPage />, { session: signedInSession(permissions) });
  const row = (await screen.findByText('Broker One - Acme')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Acme')).toBeInTheDocument();

  fireEvent.change(within(dialog).getByLabelText('Contract expires'), { target: { value: '' } });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(writes(http, 'put')).toHaveLength(1));
  expect(requestBody(writes(http, 'put')[0]!)).toEqual({
    name: 'Broker One',
    company_name: 'Broker One Ltd',
    affiliate_company_ids: [1],
    company_info: null,
    company_web_pages: ['https://one.test'],
    agreement_details: null,
    ip_addresses: [],
    contract_expires_in: null,
    is_active: true,
  });
});
