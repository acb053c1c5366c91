/** Reports as the contract describes them, and the reports page rendered on a stubbed API, for this remote's tests. */
import { useLocation } from 'react-router-dom';
import type { Report, ReportKey, ReportMetrics, ReportPreset, ReportRow } from '@crm/shared/contract';
import { renderWithProviders, signedInSession, stubApi, type StubReply, type TestReply } from '@crm/shared/testing';
import ReportsPage from '../exposes/ReportsPage.tsx';

const noMetrics: ReportMetrics = {
  received: 0,
  accepted: 0,
  refused: 0,
  refused_by_reason: {},
  distributed: 0,
  delivered: 0,
  broker_refused: 0,
  unassigned: 0,
  ftds: 0,
  conversion: null,
  median_ftd_seconds: null,
};

function metricsFixture(overrides: Partial<ReportMetrics> = {}): ReportMetrics {
  return { ...noMetrics, ...overrides };
}

export const companyKey = (id: number | null, label: string): ReportKey => ({
  value: id === null ? null : String(id),
  label,
  search: id === null ? null : { affiliate_company_id: String(id) },
});
export const countryKey = (code: string): ReportKey => ({ value: code, label: code, search: { country: code } });
export const dayKey = (day: string): ReportKey => ({ value: day, label: day, search: { created_from: `${day}T00:00:00Z`, created_to: `${day}T23:59:59Z` } });

export const rowFixture = (keys: ReportKey[], overrides: Partial<ReportMetrics> = {}): ReportRow => ({ ...metricsFixture(overrides), keys });

/** The range's own lead-search parameters (its first and last instants in UTC). */
export const rangeSearch = { created_from: '2026-02-28T23:00:00Z', created_to: '2026-03-07T22:59:59Z' };

/** Three affiliate companies (one of them "none") by country, the totals the sum of the rows. */
export function reportFixture(overrides: Partial<Report> = {}): Report {
  const rows = [
    rowFixture([companyKey(7, 'Acme'), countryKey('DE')], {
      received: 12,
      accepted: 10,
      refused: 2,
      refused_by_reason: { DUPLICATE: 2 },
      distributed: 9,
      delivered: 8,
      broker_refused: 1,
      unassigned: 1,
      ftds: 2,
      conversion: 0.25,
      median_ftd_seconds: 183_900,
    }),
    rowFixture([companyKey(7, 'Acme'), countryKey('AT')], { received: 5, accepted: 5, distributed: 5, delivered: 4, broker_refused: 1, ftds: 1, conversion: 0.25, median_ftd_seconds: 840 }),
    rowFixture([companyKey(9, 'Beta'), countryKey('DE')], {
      received: 20,
      accepted: 14,
      refused: 6,
      refused_by_reason: { INVALID: 4, DUPLICATE: 2 },
      distributed: 14,
      delivered: 10,
      broker_refused: 4,
      conversion: 0,
    }),
    rowFixture([companyKey(null, 'No affiliate company'), countryKey('DE')], { received: 3, accepted: 3, unassigned: 3 }),
  ];
  return {
    group_by: ['affiliate_company', 'country'],
    time_zone: 'Europe/Berlin',
    from: '2026-03-01',
    to: '2026-03-07',
    search: rangeSearch,
    rows,
    totals: metricsFixture({
      received: 40,
      accepted: 32,
      refused: 8,
      refused_by_reason: { INVALID: 4, DUPLICATE: 4 },
      distributed: 28,
      delivered: 22,
      broker_refused: 6,
      unassigned: 4,
      ftds: 3,
      conversion: 3 / 22,
      median_ftd_seconds: 3_600,
    }),
    ...overrides,
  };
}

export const reportAnswer = (report: Report): TestReply => ({ status: 200, data: { data: report } });
export const presetsAnswer = (presets: ReportPreset[]): TestReply => ({ status: 200, data: { data: presets } });

/** The browser's zone, as the screen reads it, for the rest of the test. */
export function inTimeZone(timeZone: string): void {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}

/** jsdom has no object URLs: these stand in, and the link the screen clicks is recorded instead of followed. */
export function captureDownloads() {
  const saved: { name: string; file: Blob }[] = [];
  const files = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (file: Blob) => {
      const url = `blob:report-${files.size}`;
      files.set(url, file);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = files.get(this.href);
    if (file) saved.push({ name: this.download, file });
  });
  return saved;
}

/** Writes out the router's current query, so a test reads what the screen put in the URL. */
function CurrentSearch() {
  return <output data-testid="current-search">{useLocation().search}</output>;
}

/** A custom week by affiliate company and country, as a link would name it. */
export const weekByCompanyAndCountry = '/reports?range=custom&from=2026-03-01&to=2026-03-07&group_by=affiliate_company,country&metric=accepted';

export function renderReports(replies: Record<string, StubReply>, entry = weekByCompanyAndCountry, permissions = ['reports.view', 'lead.view']) {
  const http = stubApi({ 'GET /reports/presets': presetsAnswer([]), ...replies });
  const view = renderWithProviders(
    <>
      <ReportsPage />
      <CurrentSearch />
    </>,
    { session: signedInSession(permissions), initialEntries: [entry] },
  );
  return { http, ...view };
}
