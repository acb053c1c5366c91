/**
 * Issue 30's layout defects, measured in a real browser at the widths people use: every column of a wide table is
 * reachable beside its pinned Actions column, long texts stay in their own box, the phone-width header fits, and the
 * dashboard's cards fill their rows.
 */
import type { Locator, Page } from '@playwright/test';
import { admin, expect, signIn, test } from './fixtures.ts';

type Box = { left: number; right: number; top: number; bottom: number };

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return { left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
};

/** Half a pixel of rounding either way. */
const overlaps = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Pinned cells: antd marks them ant-table-cell-fix-start / -end. */
const pinned = '[class*="ant-table-cell-fix"]';

/**
 * Every header of `table` ends left of the pinned Actions header, as it stands (`scrolled: false`, a table that fits)
 * or scrolled as far right as it goes; the Actions column is in view and the page itself never scrolls sideways.
 */
async function expectEveryColumnBesideActions(page: Page, table: Locator, { scrolled }: { scrolled: boolean }) {
  // One scrolling box, or (a sticky header) the body's, which the header follows.
  const rows = table.locator('.ant-table-content, .ant-table-body').first();
  if (scrolled) await rows.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  else expect(await rows.evaluate((element) => element.scrollWidth <= element.clientWidth), 'the table fits its card').toBe(true);
  const actions = await boxOf(table.locator(`thead th${pinned}`, { hasText: 'Actions' }));
  const headers = table.locator(`thead th:not(${pinned}):not(.ant-table-selection-column):not(.ant-table-cell-scrollbar)`);
  const count = await headers.count();
  expect(count).toBeGreaterThan(3);
  for (let index = 0; index < count; index += 1) {
    const header = headers.nth(index);
    const title = (await header.innerText()).trim();
    expect((await boxOf(header)).right, `${title} ends before Actions`).toBeLessThanOrEqual(actions.left + 0.5);
  }
  expect(actions.right).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect(await pageScrollsSideways(page)).toBe(false);
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the lead table shows Fresh, Deposit and Created beside the pinned Actions column, not under it', async ({ page }) => {
    await signIn(page, admin, /\/dashboard$/);
    await page.goto('/lead/search');
    const table = page.getByTestId('lead-table');
    await expect(table.getByTestId('lead-row').first()).toBeVisible();
    for (const title of ['Fresh', 'Deposit', 'Created']) await expect(table.locator('thead th', { hasText: title })).toHaveCount(1);
    // Wider than the card: its sideways scroll bar is on screen, not below the last row.
    const body = table.locator('.ant-table-body');
    expect(await body.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expect(table.locator('.ant-table-sticky-scroll')).toBeInViewport();
    await expectEveryColumnBesideActions(page, table, { scrolled: true });
  });

  test('send integrations: every header beside the Actions column, and long department tags inside their cell', async ({ page }) => {
    const longLabels = ['Northwind Trading International Holdings - Berlin Charlottenburg Desk', 'Contoso-Global-Affiliates-Worldwide-Partners-Vienna-Desk-Number-Seven'];
    // One integration served to the page, sending through departments with long labels.
    const integration = {
      id: 900_001,
      name: 'E2E long departments',
      site_url: 'https://broker.example.com/api/v2/leads/create',
      middleware: null,
      auth_type: 'none',
      send_a_lot: false,
      is_active: true,
    };
    await page.route(/\/api\/send\/integration(\?|$)/, (route) =>
      route.fulfill({
        json: { data: [{ ...integration, departments: longLabels.map((label, index) => ({ id: 90_000 + index, label })) }], meta: { current_page: 1, per_page: 10, total: 1, last_page: 1 } },
      }),
    );
    await signIn(page, admin, /\/dashboard$/);
    await page.goto('/send/integration/search');
    const table = page.locator('.ant-table').first();
    const row = table.locator('tr.ant-table-row').first();
    const tags = row.locator('.ant-tag', { hasText: /Northwind|Contoso/ });
    await expect(tags).toHaveCount(2);
    await expectEveryColumnBesideActions(page, table, { scrolled: false });
    const actionsCell = await boxOf(row.locator(`td${pinned}`));
    for (const tag of await tags.all()) {
      const box = await boxOf(tag);
      expect(box.right).toBeLessThanOrEqual(actionsCell.left + 0.5);
      expect(await tag.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
  });

  test('a long notification title wraps beside "Back to notifications" without running into it', async ({ page }) => {
    const title = 'Import of leads-export-2026-11-26-final-version-with-every-department-and-country.xlsx finished with 3 leads failed, 1,204 leads created and 17 duplicates skipped';
    // A notification of its own, served to the page: opening a real one would mark it read for the other tests.
    await page.route(/\/api\/notifications\/999999$/, (route) =>
      route.fulfill({
        json: { data: { id: 999999, type: 'success', data: { title, message: '<p>Done.</p>' }, read_at: null, created_at: '2026-11-26T10:00:00Z', updated_at: '2026-11-26T10:00:00Z' } },
      }),
    );
    await signIn(page, admin, /\/dashboard$/);
    await page.goto('/profile/notification/999999');
    const card = page.getByTestId('notification-page');
    const heading = card.getByRole('heading', { name: title });
    const back = card.getByRole('link', { name: 'Back to notifications' });
    await expect(heading).toBeVisible();
    await expect(back).toBeInViewport({ ratio: 1 });
    expect(overlaps(await boxOf(heading), await boxOf(back))).toBe(false);
    // The whole title shows: wrapped, not cut.
    expect(await heading.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight)).toBe(true);
    expect(await pageScrollsSideways(page)).toBe(false);
  });
});

test('at 390 px the header fits the screen: every control in view, the page never scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, admin, /\/dashboard$/);
  const header = page.locator('.ant-layout-header');
  await expect(header.getByTestId('user-menu')).toBeVisible();
  const controls = header.locator('button:visible, .ant-select:visible');
  expect(await controls.count()).toBeGreaterThan(3);
  for (const control of await controls.all()) await expect(control).toBeInViewport({ ratio: 1 });
  expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await pageScrollsSideways(page)).toBe(false);
});

for (const width of [1024, 1280, 1440, 1920]) {
  test(`at ${width} px the dashboard's five cards fill their rows evenly, without a gap`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, admin, /\/dashboard$/);
    const cards = page.locator('[data-testid^="dashboard-card-"]:not([data-testid*="-value"]):not([data-testid*="-percentage"])');
    await expect(cards).toHaveCount(5);
    const boxes = await Promise.all((await cards.all()).map(boxOf));
    const rows = [...new Set(boxes.map((box) => Math.round(box.top)))];
    expect(rows, 'one row of five').toHaveLength(1);
    const widths = boxes.map((box) => box.right - box.left);
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);
  });
}
