/** The affiliate company page rendered at its route, on a stubbed API, with where the router is shown for assertions. */
import type { AffiliateKeyItem, AffiliateSummary } from '@crm/shared/contract';
import { renderWithProviders, signedInSession, stubApi, type StubReply } from '@crm/shared/testing';
import { Route, Routes, useLocation } from 'react-router-dom';
import AffiliateCompanyPage from '../../../exposes/AffiliateCompanyPage.tsx';

export const companyId = 5;
export const keysUrl = `/settings/affiliate/company/${companyId}/api-key`;

export const summaryUrl = `/settings/affiliate/company/${companyId}/summary`;

/** Friday 27 November 2026 in Berlin: today from its midnight, the week from Monday's. */
export const summaryFixture: AffiliateSummary = {
  time_zone: 'Europe/Berlin',
  today: {
    from: '2026-11-26T23:00:00.000Z',
    accepted: 1234,
    refused: [
      { reason: 'DUPLICATE', count: 7 },
      { reason: 'INVALID', count: 3 },
    ],
  },
  this_week: {
    from: '2026-11-22T23:00:00.000Z',
    accepted: 5000,
    refused: [
      { reason: 'DUPLICATE', count: 40 },
      { reason: 'CAP_REACHED', count: 12 },
      { reason: 'INVALID', count: 8 },
    ],
  },
};

export function keyFixture(overrides: Partial<AffiliateKeyItem> = {}): AffiliateKeyItem {
  return {
    id: 11,
    affiliate_company_id: companyId,
    name: 'Main server',
    key_prefix: 'crm_Ab3dE6gH',
    source_id: 1,
    allowed_ips: ['203.0.113.0/24'],
    rate_limit_per_minute: 600,
    is_active: true,
    expires_at: null,
    last_used_at: '2026-11-26T10:00:00.000Z',
    last_used_ip: '203.0.113.9',
    revoked_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const allKeyPermissions = ['settings.affiliateCompany.view', ...['view', 'create', 'update', 'delete'].map((action) => `settings.affiliateKey.${action}`)];

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The page at `?tab=` (none when undefined); `replies` add to or replace the company, summary, keys and sources answers. */
export function renderCompanyPage({
  tab,
  permissions = allKeyPermissions,
  keys = [keyFixture()],
  replies = {},
}: { tab?: string; permissions?: string[]; keys?: AffiliateKeyItem[]; replies?: Record<string, StubReply> } = {}) {
  const http = stubApi({
    [`GET /settings/affiliate/company/${companyId}`]: { status: 200, data: { data: { id: companyId, name: 'Acme Leads', created_at: '2026-11-01T00:00:00.000Z' } } },
    [`GET ${summaryUrl}`]: { status: 200, data: { data: summaryFixture } },
    [`GET ${keysUrl}`]: { status: 200, data: { data: keys } },
    'GET /settings/source/all': {
      status: 200,
      data: {
        data: [
          { id: 1, name: 'Alpha Ads' },
          { id: 2, name: 'Beta Partners' },
        ],
      },
    },
    ...replies,
  });
  const path = `/settings/affiliate/company/${companyId}${tab ? `?tab=${tab}` : ''}`;
  const view = renderWithProviders(
    <Routes>
      <Route
        path="/settings/affiliate/company/:id"
        element={
          <>
            <AffiliateCompanyPage />
            <WhereAmI />
          </>
        }
      />
    </Routes>,
    { session: signedInSession([...permissions, 'options.sources.all']), initialEntries: [path] },
  );
  return { ...view, http };
}
