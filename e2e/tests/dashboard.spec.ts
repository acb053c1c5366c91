/**
 * Issue 8: the dashboard on the seeded week (api/src/seed/e2e/dashboardWeek.ts). The expected cards are counted
 * here, from that list, in the browser's time zone, and compared with what the console shows.
 */
import type { Page } from '@playwright/test';
import { dashboardWeek } from '../../api/src/seed/e2e/dashboardWeek.ts';
import { admin, agent, apiBaseUrl, expect, pickFromOpenList, signIn, test, tokenOf } from './fixtures.ts';

type CardKey = 'leads' | 'failed_leads' | 'sent_success' | 'sent_failure' | 'ftds';

/** YYYY-MM-DD of an instant in a zone. */
const localDay = (instant: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));

/** The 14 local days that end on `lastDay`, oldest first: the week before, then the week shown. */
function fortnight(lastDay: string): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: 14 }, (_, index) => new Date(last - (13 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** Each card's total for the week shown and the week before, counted from the seeded list. */
function expectedCards(timeZone: string): Record<CardKey, { value: number; previous: number }> {
  const days = fortnight(dashboardWeek.lastDay);
  const previousWeek = new Set(days.slice(0, 7));
  const shownWeek = new Set(days.slice(7));
  const total = (instants: readonly string[]) => ({
    value: instants.filter((at) => shownWeek.has(localDay(at, timeZone))).length,
    previous: instants.filter((at) => previousWeek.has(localDay(at, timeZone))).length,
  });
  // A contact (email, else phone) counts once a day.
  const uniqueLeads = [...new Map(dashboardWeek.leads.map((lead) => [`${localDay(lead.at, timeZone)} ${lead.email ?? lead.phone}`, lead.at])).values()];
  const sendsIn = (state: string) => dashboardWeek.sends.filter((send) => send.state === state).map((send) => send.at);
  return {
    leads: total(uniqueLeads),
    failed_leads: total(dashboardWeek.failedLeads),
    sent_success: total(sendsIn('success')),
    sent_failure: total(sendsIn('failure')),
    ftds: total(dashboardWeek.ftds.map((ftd) => ftd.at)),
  };
}

/** The change as the card shows it: its size with at most one decimal, and its direction. */
function change({ value, previous }: { value: number; previous: number }): { percentage: string; trend: string } {
  const size = previous === 0 ? (value === 0 ? 0 : 100) : (Math.abs(value - previous) / previous) * 100;
  return { percentage: `${Number(size.toFixed(1))}%`, trend: value === previous ? 'unchanged' : value > previous ? 'increase' : 'decrease' };
}

async function expectCards(page: Page, timeZone: string) {
  const expected = expectedCards(timeZone);
  for (const [key, counts] of Object.entries(expected)) {
    const card = page.getByTestId(`dashboard-card-${key}`);
    await expect(card.getByTestId(`dashboard-card-${key}-value`)).toHaveAttribute('data-value', String(counts.value));
    const { percentage, trend } = change(counts);
    await expect(card.getByTestId(`dashboard-card-${key}-percentage`)).toHaveText(percentage);
    await expect(card.getByRole('img', { name: trend })).toBeVisible();
  }
  return expected;
}

const departmentLabels = dashboardWeek.departments.map((branch) => `${dashboardWeek.brokerName} - ${branch}`);
const legendOf = (page: Page, chart: string) => page.getByTestId(`dashboard-chart-${chart}`).locator('.apexcharts-legend-text');

test.describe('in Berlin', () => {
  test.use({ timezoneId: dashboardWeek.timeZone });

  test('the cards show what the seeded week holds, the charts draw it, and the combiner follows the picks', async ({ page }) => {
    await signIn(page, admin, /\/dashboard$/);
    await page.goto(`/dashboard?date=${dashboardWeek.lastDay}`);
    // The week's last day reads as every date of the console does, not as the browser's date box would.
    await expect(page.getByLabel('Week ending')).toHaveValue('Jan 11, 2026');
    await expect(page.getByTestId('dashboard-range')).toHaveText('Jan 05, 2026 – Jan 11, 2026 (Europe/Berlin)');
    const expected = await expectCards(page, dashboardWeek.timeZone);
    // The seeded week is meant to move every card: a zero would prove little.
    for (const counts of Object.values(expected)) expect(counts.value).toBeGreaterThan(0);

    for (const chart of ['leads', 'failed-leads', 'sends', 'ftds', 'department-ftds']) {
      await expect(page.getByTestId(`dashboard-chart-${chart}`).locator('svg.apexcharts-svg')).toBeVisible();
    }
    await expect(legendOf(page, 'sends')).toHaveText(['Sent successfully', 'Failed to send']);
    await expect(legendOf(page, 'department-ftds')).toHaveText(departmentLabels);

    // The combiner starts with every department (there are two) on every metric, then follows the picks.
    const combiner = page.getByTestId('dashboard-combiner');
    const metrics = ['Sent successfully', 'Failed to send', 'FTDs'];
    await expect(legendOf(page, 'combiner')).toHaveText(departmentLabels.flatMap((label) => metrics.map((metric) => `${label} · ${metric}`)));
    await combiner.getByRole('combobox', { name: 'Metrics' }).click();
    await pickFromOpenList(page, 'Failed to send');
    await page.keyboard.press('Escape');
    await expect(legendOf(page, 'combiner')).toHaveText(departmentLabels.flatMap((label) => [`${label} · Sent successfully`, `${label} · FTDs`]));
    await combiner.getByRole('combobox', { name: 'Departments' }).click();
    await pickFromOpenList(page, departmentLabels[0] ?? '');
    await page.keyboard.press('Escape');
    await expect(legendOf(page, 'combiner')).toHaveText([`${departmentLabels[1]} · Sent successfully`, `${departmentLabels[1]} · FTDs`]);
  });

  test('a week with nothing in it says Statistics not found', async ({ page }) => {
    await signIn(page, admin, /\/dashboard$/);
    await page.goto('/dashboard?date=2020-06-07');
    await expect(page.getByTestId('dashboard-empty')).toContainText('Statistics not found');
    await expect(page.getByTestId('dashboard-card-leads-value')).toHaveAttribute('data-value', '0');
  });
});

test.describe('in UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('the same week counted from UTC midnight moves the leads near midnight to other days', async ({ page }) => {
    const berlin = expectedCards(dashboardWeek.timeZone);
    const utc = expectedCards('UTC');
    expect(utc.leads).not.toEqual(berlin.leads);
    await signIn(page, admin, /\/dashboard$/);
    await page.goto(`/dashboard?date=${dashboardWeek.lastDay}`);
    await expect(page.getByTestId('dashboard-range')).toContainText('(UTC)');
    await expectCards(page, 'UTC');
  });
});

test('a user without dashboard.view lands on lead search, and the statistics refuse them', async ({ page }) => {
  await signIn(page, agent, /\/lead\/search$/);
  const refused = await page.request.get(`${apiBaseUrl}/dashboard/statistics`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(refused.status()).toBe(403);
});
