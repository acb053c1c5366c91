/**
 * `pnpm bench:bundle`: the gzip size of all JS the login page loads, as Chromium fetches it from
 * production builds, beside the floor measured in the same run (the same host built with antd and its
 * icons stubbed out), and the size of each remote's remoteEntry.js. `--reuse` keeps builds present in
 * e2e/.bench instead of rebuilding (the default: the figures then describe the current sources).
 */
import { remotes } from '../stack/apps.ts';
import { attribute } from './attribution.ts';
import { launchBrowser } from './browser.ts';
import { benchDistOf, ensureBenchBuilds, floorFolder } from './builds.ts';
import { kib, table } from './format.ts';
import { gzipSize, loginPageScripts, type ServedScript } from './loginPage.ts';
import { machineLine } from './machine.ts';
import { freePort, serveHost, serveRemotes } from './servers.ts';

const goalBytes = 360 * 1024;

ensureBenchBuilds({ withFloor: true, rebuild: !process.argv.includes('--reuse') });
const served = await serveRemotes();
const host = await serveHost('host', served.urls);
const floor = await serveHost(floorFolder, served.urls);
// The login page needs no API: a closed port makes its few calls fail at once, as with the API down. A port
// just released (not 9 or another of Chromium's unsafe ports, which it refuses with ERR_UNSAFE_PORT).
const closedPort = await freePort();
for (const app of [host, floor]) app.writeConfig({ apiBaseUrl: `http://localhost:${closedPort}/api` });

const folderOfOrigin = new Map<string, string>([
  [host.origin, 'host'],
  [floor.origin, floorFolder],
  ...remotes.map((app): [string, string] => [served.urls[app.federationName] ?? '', app.folder]),
]);
const buildDirOf = (origin: string) => benchDistOf(folderOfOrigin.get(origin) ?? 'host');

const browser = await launchBrowser();
try {
  const scripts = await loginPageScripts(browser, host.origin);
  const floorScripts = await loginPageScripts(browser, floor.origin);
  const entries = await Promise.all(
    remotes.map(async (app) => {
      const body = Buffer.from(await (await fetch(`${served.urls[app.federationName]}/remoteEntry.js`)).arrayBuffer());
      return { name: app.federationName, raw: body.length, gzip: gzipSize(body) };
    }),
  );
  const parts = attribute(scripts, buildDirOf);
  const sum = (list: readonly ServedScript[], key: 'raw' | 'gzip') => list.reduce((total, script) => total + script[key], 0);
  const total = sum(scripts, 'gzip');
  const floorTotal = sum(floorScripts, 'gzip');
  const fileName = (script: ServedScript) => `${folderOfOrigin.get(script.url.origin) ?? script.url.origin}${script.url.pathname}`;

  console.log('\nJS loaded by the login page (production build, gzip -6 of the bytes served):\n');
  console.log(
    table(
      ['file', '>raw', '>gzip', 'mostly'],
      [
        ...[...scripts]
          .sort((a, b) => b.gzip - a.gzip)
          .map((script) => {
            const main = parts.mainPackageOf(script);
            return [fileName(script), kib(script.raw), kib(script.gzip), main ? `${main.name} ${(main.fraction * 100).toFixed(0)}%` : ''];
          }),
        [`TOTAL (${scripts.length} files)`, kib(sum(scripts, 'raw')), kib(total), ''],
        [`FLOOR: host without antd (${floorScripts.length} files)`, kib(sum(floorScripts, 'raw')), kib(floorTotal), ''],
      ],
    ),
  );
  console.log(`\nratio total / floor: ${(total / floorTotal).toFixed(2)}×  (antd and its icons add ${kib(total - floorTotal)} gzip)`);
  console.log(`goal: login page ≤ ${kib(goalBytes)} gzip → ${total <= goalBytes ? 'PASS' : 'OVER'} (${kib(total)}, ${total} B)`);

  console.log('\nremote entries (remoteEntry.js, not loaded by the login page):\n');
  console.log(
    table(
      ['remote', '>raw', '>gzip'],
      entries.map((entry) => [entry.name, kib(entry.raw), kib(entry.gzip)]),
    ),
  );

  console.log('\nlargest packages in the login page JS (from the source maps; minified bytes, gzip of each alone):\n');
  console.log(
    table(
      ['package / folder', '>minified', '>gzip alone'],
      parts.packages.slice(0, 12).map((share) => [share.name, kib(share.raw), kib(share.gzipAlone)]),
    ),
  );
  console.log('\nlargest modules:\n');
  console.log(
    table(
      ['module', '>minified', '>gzip alone'],
      parts.modules.slice(0, 15).map((share) => [share.name, kib(share.raw), kib(share.gzipAlone)]),
    ),
  );
  console.log(`\n${machineLine(browser.version())}`);
} finally {
  await browser.close();
  for (const server of [host.server, floor.server, ...served.servers]) server.close();
}
