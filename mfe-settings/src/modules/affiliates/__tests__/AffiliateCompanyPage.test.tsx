import { configure, screen, userEvent, waitFor, within } from '@crm/shared/testing';
import { parseRuntimeConfig, setRuntimeConfig } from '@crm/shared';
import { companyId, renderCompanyPage } from './affiliateTestPage.tsx';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => setRuntimeConfig(parseRuntimeConfig({ apiBaseUrl: 'https://api.crm.example.com/api' }, { protocol: 'https:', hostname: 'crm.example.com' })));

const selectedTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;
const tabTitles = () =>
  within(screen.getByTestId('affiliate-company-tabs'))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

test("the company's name over its tabs; ?tab= opens one, and a click on another puts it in the URL", async () => {
  renderCompanyPage({ tab: 'instructions' });

  expect(await screen.findByRole('heading', { level: 1, name: 'Acme Leads' })).toBeInTheDocument();
  const tabs = screen.getByTestId('affiliate-company-tabs');
  expect(tabTitles()).toEqual(['Summary', 'API keys', 'Status mapping', 'Integration instructions']);
  expect(selectedTab()).toBe('Integration instructions');
  expect(await screen.findByTestId('integration-instructions')).toBeInTheDocument();

  await userEvent.click(within(tabs).getByRole('tab', { name: 'API keys' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings/affiliate/company/5?tab=keys'));
  expect(selectedTab()).toBe('API keys');
  expect(await screen.findByTestId('api-keys-tab')).toBeInTheDocument();
});

test.each([
  ['no', undefined],
  ['an unknown', 'nonsense'],
])('%s ?tab= opens the summary, the first tab', async (_case, tab) => {
  renderCompanyPage({ tab });
  expect(await screen.findByTestId('affiliate-summary')).toBeInTheDocument();
  expect(selectedTab()).toBe('Summary');
});

test("?tab=mapping opens the status mapping with the company's settings", async () => {
  const url = `/settings/affiliate/company/${companyId}`;
  renderCompanyPage({
    tab: 'mapping',
    replies: {
      [`GET ${url}/settings`]: {
        status: 200,
        data: { data: { affiliate_company_id: companyId, time_zone: 'America/New_York', daily_cap: null, default_public_status: 'In progress', ftd_hold_hours: 0 } },
      },
      [`GET ${url}/status-map`]: { status: 200, data: { data: { map: [] } } },
    },
  });
  expect(await screen.findByLabelText('Time zone')).toHaveValue('America/New_York');
  expect(selectedTab()).toBe('Status mapping');
  expect(screen.queryByTestId('affiliate-summary')).not.toBeInTheDocument();
});

test('a tab the user may not see is not there, and a link to it opens the summary', async () => {
  renderCompanyPage({ tab: 'keys', permissions: ['settings.affiliateCompany.view'] });
  expect(await screen.findByTestId('affiliate-summary')).toBeInTheDocument();
  expect(tabTitles()).toEqual(['Summary', 'Status mapping']);
  expect(screen.queryByTestId('api-keys-tab')).not.toBeInTheDocument();
});

test('a company that does not exist is a 404', async () => {
  renderCompanyPage({ replies: { 'GET /settings/affiliate/company/5': { status: 404, data: { message: 'Affiliate company not found.' } } } });
  expect(await screen.findByTestId('affiliate-company-not-found')).toBeInTheDocument();
});

test('the instructions show the chosen key by prefix, print, and download as Markdown', async () => {
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  const saved: Blob[] = [];
  Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:instructions'), revokeObjectURL: () => undefined });
  // jsdom cannot follow the download link: the file name it would save under is enough.
  const followed = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  renderCompanyPage({ tab: 'instructions' });

  const instructions = await screen.findByTestId('integration-instructions');
  expect(within(instructions).getByRole('heading', { name: 'Lead API integration: Acme Leads' })).toBeInTheDocument();
  expect(
    within(instructions)
      .getAllByTestId('instructions-fact')
      .map((fact) => fact.textContent),
  ).toEqual(['POST', 'https://api.crm.example.com/api/v1/leads', 'Main server', 'crm_Ab3dE6gH', 'https://api.crm.example.com/api/v1/docs']);
  await userEvent.click(screen.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Download Markdown' }));
  expect(saved).toHaveLength(1);
  expect(saved[0]?.type).toBe('text/markdown;charset=utf-8');
  expect(followed.mock.contexts[0]).toHaveProperty('download', 'acme-leads-integration.md');
});
