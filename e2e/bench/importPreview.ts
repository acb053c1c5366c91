/**
 * `pnpm bench:import-preview-browser [-- --rows N] [--rounds R]`: the import dialog's preview in Chromium, against the
 * built host and mfe-leads (e2e/.bench builds, reused) and the real API on PGlite. Time from the file input's `change`
 * event to the preview table showing the file's rows (in-page, performance.now()), for a 20-row and an N-row
 * (default 200,000) CSV and XLSX, each:
 *  - cold: the first file chosen in a page just opened on the dialog (once the dialog's loading is over, as it is by
 *    the time a person has picked a file);
 *  - warm: the same file chosen again after the other size was previewed in that page.
 * The 20-row file of the same kind and state is the baseline. Goal (issue 6): the N-row files ≤ 300 ms (p50, as
 * bench:nav judges; the max is printed beside it).
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { ensurePreviewFile } from '../../mfe-leads/bench/previewFiles.ts';
import { startBenchStack, type SignedInState } from './benchStack.ts';
import { ms, summary, table } from './format.ts';
import { machineLine } from './machine.ts';

const goalMs = 300;
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { rows: { type: 'string', default: '200000' }, rounds: { type: 'string', default: '5' } },
});
const bigRows = Number(values.rows);
const rounds = Number(values.rounds);
if (!Number.isInteger(bigRows) || bigRows < 21 || !Number.isInteger(rounds) || rounds < 1) throw new Error('--rows takes a whole number > 20, --rounds one ≥ 1');

type Kind = 'csv' | 'xlsx';
type Size = 'small' | 'big';
const files: Record<Kind, Record<Size, string>> = {
  csv: { small: ensurePreviewFile('csv', 20), big: ensurePreviewFile('csv', bigRows) },
  xlsx: { small: ensurePreviewFile('xlsx', 20), big: ensurePreviewFile('xlsx', bigRows) },
};

/**
 * Chooses `path` in the dialog's file input and gives the milliseconds from the input's `change` event to the preview
 * showing the file's first lead row (its "Ada1" cell).
 */
async function timePreview(page: Page, path: string): Promise<number> {
  // Cleared first (no file: no preview), so choosing the same file again is a change.
  await page.getByTestId('lead-import-file').setInputFiles([]);
  await page.getByTestId('lead-import-preview').waitFor({ state: 'detached' });
  const marker = `preview-${Date.now()}-${Math.random()}`;
  await page.evaluate((name) => {
    const input = document.querySelector<HTMLInputElement>('input[type=file][data-testid="lead-import-file"]');
    if (!input) throw new Error('no import file input');
    const probe = window as unknown as Record<string, Promise<number>>;
    probe[name] = new Promise<number>((resolve, reject) => {
      let changedAt: number | null = null;
      setTimeout(() => {
        const preview = document.querySelector('[data-testid="lead-import-preview"]');
        const state = preview ? `rows ${preview.getAttribute('data-rows')}: ${(preview.textContent ?? '').slice(0, 200)}` : 'no preview';
        reject(new Error(`no preview 30 s after choosing the file (change ${changedAt === null ? 'not seen' : 'seen'}; ${state})`));
      }, 30_000);
      input.addEventListener(
        'change',
        () => {
          const changed = performance.now();
          changedAt = changed;
          // No named function in here: tsx names them with a helper (`__name`) the page does not have.
          const observer = new MutationObserver(() => {
            const preview = document.querySelector('[data-testid="lead-import-preview"]');
            if (preview === null || Number(preview.getAttribute('data-rows')) === 0 || !(preview.textContent ?? '').includes('Ada1')) return;
            observer.disconnect();
            resolve(performance.now() - changed);
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        },
        { once: true, capture: true },
      );
    });
  }, marker);
  await page.getByTestId('lead-import-file').setInputFiles(path);
  return page.evaluate((name) => (window as unknown as Record<string, Promise<number>>)[name] as Promise<number>, marker);
}

async function openDialog(browser: Browser, origin: string, storageState: SignedInState) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${origin}/lead/search`);
  await page.getByTestId('lead-import-open').click();
  await page.getByTestId('lead-import-file').waitFor({ state: 'attached', timeout: 30_000 });
  // A person takes a moment to pick a file: whatever the opened dialog loads meanwhile has loaded.
  await page.waitForLoadState('networkidle');
  return { page, close: () => context.close() };
}

const { origin, browser, storageState, stop } = await startBenchStack('preview');
try {
  const times = new Map<string, number[]>();
  const record = (key: string, value: number) => times.set(key, [...(times.get(key) ?? []), value]);
  for (let round = 1; round <= rounds; round++) {
    for (const kind of ['csv', 'xlsx'] as const) {
      for (const [first, second] of [
        ['small', 'big'],
        ['big', 'small'],
      ] as const) {
        const dialog = await openDialog(browser, origin, storageState);
        record(`${kind} ${first} cold`, await timePreview(dialog.page, files[kind][first]));
        await timePreview(dialog.page, files[kind][second]);
        record(`${kind} ${first} warm`, await timePreview(dialog.page, files[kind][first]));
        await dialog.close();
      }
    }
    console.log(`round ${round}/${rounds} done`);
  }

  const p50 = (key: string) => summary(times.get(key) ?? []).p50;
  const max = (key: string) => summary(times.get(key) ?? []).max;
  const rows = (['csv', 'xlsx'] as const).flatMap((kind) =>
    (['cold', 'warm'] as const).map((state) => {
      const big = `${kind} big ${state}`;
      const small = `${kind} small ${state}`;
      return [kind, state, ms(p50(small)), ms(p50(big)), ms(max(big)), `${(p50(big) / p50(small)).toFixed(2)}×`, p50(big) <= goalMs ? 'PASS' : 'OVER'];
    }),
  );
  console.log(
    `\nfile chosen → preview shown (in-page; ${rounds} rounds; files ${basename(files.csv.small)} / ${basename(files.csv.big)} and .xlsx; goal ≤ ${goalMs} ms for ${bigRows.toLocaleString('en')} rows):\n`,
  );
  console.log(table(['file', 'page', '>20 rows p50', `>${bigRows.toLocaleString('en')} rows p50`, '>max', '>ratio p50', 'goal (p50)'], rows));
  console.log('cold: the first file chosen in a page just opened on the dialog; warm: chosen again in that page.');
  console.log('\nsamples (ms):');
  for (const [key, values] of times) console.log(`  ${key.padEnd(16)} ${values.map((value) => value.toFixed(0)).join(' ')}`);
  console.log(`\n${machineLine(browser.version())}`);
} finally {
  await stop();
}
