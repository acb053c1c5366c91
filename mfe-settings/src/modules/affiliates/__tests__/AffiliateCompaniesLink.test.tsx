import { configure, pageOf, renderWithProviders, screen, signedInSession, stubApi } from '@crm/shared/testing';
import AffiliateCompaniesPage from '../../../exposes/AffiliateCompaniesPage.tsx';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

test("a company's name in the list opens its page", async () => {
  stubApi({ 'GET /settings/affiliate/company': pageOf([{ id: 5, name: 'Acme Leads', created_at: '2026-11-01T00:00:00.000Z' }]) });
  renderWithProviders(<AffiliateCompaniesPage />, { session: signedInSession(['settings.affiliateCompany.view']) });
  expect(await screen.findByRole('link', { name: 'Acme Leads' })).toHaveAttribute('href', '/settings/affiliate/company/5');
});
