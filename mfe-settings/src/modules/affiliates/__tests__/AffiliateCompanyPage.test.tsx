import { configure, screen, userEvent, waitFor, within } from '@crm/shared/testing';
import { renderCompanyPage } from './affiliateTestPage.tsx';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const selectedTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;

test("the company's name over its tabs; ?tab= opens one, and a click on another puts it in the URL", async () => {
  renderCompanyPage({ tab: 'instructions' });

  expect(await screen.findByRole('heading', { level: 1, name: 'Acme Leads' })).toBeInTheDocument();
  const tabs = screen.getByTestId('affiliate-company-tabs');
  expect(
    within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent),
  ).toEqual(['API keys', 'Integration instructions']);
  expect(selectedTab()).toBe('Integration instructions');
  expect(await screen.findByTestId('integration-instructions')).toBeInTheDocument();

  await userEvent.click(within(tabs).getByRole('tab', { name: 'API keys' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings/affiliate/company/5?tab=keys'));
  expect(selectedTab()).toBe('API keys');
  expect(await screen.findByTestId('api-keys-tab')).toBeInTheDocument();
});

test('an unknown ?tab= opens the first tab; a tab the user may not see is not there', async () => {
  renderCompanyPage({ tab: 'nonsense', permissions: ['settings.affiliateCompany.view'] });
  expect(await screen.findByRole('heading', { level: 1, name: 'Acme Leads' })).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'API keys' })).not.toBeInTheDocument();

  renderCompanyPage({ tab: 'nonsense' });
  await waitFor(() => expect(selectedTab()).toBe('API keys'));
});

test('a company that does not exist is a 404', async () => {
  renderCompanyPage({ replies: { 'GET /settings/affiliate/company/5': { status: 404, data: { message: 'Affiliate company not found.' } } } });
  expect(await screen.findByTestId('affiliate-company-not-found')).toBeInTheDocument();
});
