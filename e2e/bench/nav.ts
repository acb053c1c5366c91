/**
 * `pnpm bench:nav`: time from a click on a sidebar entry to the remote's page rendered, COLD (the
 * remote's page never shown in this page: a fresh browser context per round and entry) and WARM (the same
 * entry revisited in that page), with pageLoadDelayMs 0 on loopback, for one entry per remote. The
 * baseline is the warm figure of the same run. The cold click comes once the start page has settled (no
 * request for 1 s), as a user's would: the host has preloaded the reachable remotes on idle by then;
 * `--no-settle` clicks at once. `--rounds N` (default 5). Reuses e2e/.bench builds.
 */
import { startBenchStack } from './benchStack.ts';
import { ms, summary, table } from './format.ts';
import { machineLine } from './machine.ts';
import { installProbe, panelOf, settle, timeNavigation, type NavigationTime } from './navProbe.ts';
import { cases, entry, reference } from './navTargets.ts';

const goalMs = 400;
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg >= 0 ? Number(process.argv[roundsArg + 1]) : 5;
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number ≥ 1');
// `--no-settle`: click the moment the start page shows, before the host's preload on idle has run.
const settleFirst = !process.argv.includes('--no-settle');
const { origin, browser, storageState, stop } = await startBenchStack('nav');
try {
  const cold = new Map<string, NavigationTime[]>();
  const warm = new Map<string, NavigationTime[]>();
  const referenceTimes: NavigationTime[] = [];
  const record = (times: Map<string, NavigationTime[]>, key: string, value: NavigationTime) => times.set(key, [...(times.get(key) ?? []), value]);
  for (let round = 1; round <= rounds; round++) {
    for (const { target, start } of cases) {
      const context = await browser.newContext({ storageState });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error (${target.label}): ${error.message}`));
      await page.goto(`${origin}/${start.path}`);
      await page.locator(panelOf(start.remote)).waitFor({ state: 'visible', timeout: 30_000 });
      await installProbe(page);
      if (settleFirst) await settle(page);
      record(cold, target.label, await timeNavigation(page, target));
      await timeNavigation(page, start);
      record(warm, target.label, await timeNavigation(page, target));
      if (target.path === reference.after) referenceTimes.push(await timeNavigation(page, reference.entry));
      await context.close();
    }
    console.log(`round ${round}/${rounds} done`);
  }

  const totals = (times: readonly NavigationTime[] | undefined) => (times ?? []).map((time) => time.total);
  // How long the page loader stayed on screen (runs without a fallback are left out).
  const fallbackSpans = (times: readonly NavigationTime[] | undefined) => (times ?? []).flatMap((time) => (time.fallbackToPage === null ? [] : [time.fallbackToPage]));
  const spanText = (times: readonly NavigationTime[] | undefined) => {
    const spans = fallbackSpans(times);
    return spans.length > 0 ? `${ms(summary(spans).p50)} (${spans.length}/${times?.length ?? 0})` : 'none';
  };
  const rows = cases.map(({ target }) => {
    const c = summary(totals(cold.get(target.label)));
    const w = summary(totals(warm.get(target.label)));
    const verdict = c.p50 <= goalMs ? 'PASS' : 'OVER';
    return [target.label, target.remote, ms(c.p50), ms(c.max), ms(w.p50), ms(w.max), `${(c.p50 / w.p50).toFixed(1)}×`, spanText(cold.get(target.label)), verdict];
  });
  const r = summary(totals(referenceTimes));
  const when = settleFirst ? 'clicked once the page requested nothing for 1 s' : 'clicked as soon as the start page showed (--no-settle)';
  console.log(`\nsidebar click → remote page rendered (in-page, pageLoadDelayMs 0, loopback, ${rounds} rounds, ${when}; goal cold p50 ≤ ${goalMs} ms):\n`);
  console.log(table(['entry', 'remote', '>cold p50', '>cold max', '>warm p50', '>warm max', '>cold/warm', '>cold: loader shown p50', 'goal'], rows));
  console.log(
    `\nreference: ${reference.entry.label} right after ${entry(reference.after).label} (remote loaded, page first visit): p50 ${ms(r.p50)}, max ${ms(r.max)}, loader shown ${spanText(referenceTimes)}`,
  );
  console.log('loader shown: from the Suspense fallback appearing to the page (React keeps a shown fallback about 300 ms: FALLBACK_THROTTLE_MS); (n/m) = runs that showed it.');
  console.log('\nsamples (ms):');
  for (const { target } of cases) {
    const list = (times: Map<string, NavigationTime[]>) =>
      totals(times.get(target.label))
        .map((value) => value.toFixed(0))
        .join(' ');
    console.log(`  ${target.label.padEnd(26)} cold ${list(cold)} | warm ${list(warm)}`);
  }
  console.log(`\n${machineLine(browser.version())}`);
} finally {
  await stop();
}
