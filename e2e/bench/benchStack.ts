/**
 * What a browser bench runs against: the e2e/.bench builds (reused when present) served as in production, the real
 * API on a new PGlite directory with an admin and no demo leads, the host's config pointing at it (no page delay),
 * and Chromium signed in once through the login form.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { startApi } from '../stack/api.ts';
import { launchBrowser } from './browser.ts';
import { ensureBenchBuilds } from './builds.ts';
import { freePort, serveHost, serveRemotes } from './servers.ts';

export type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in once through the real login form; a bench's rounds start their browser contexts from the stored session. */
async function signedInState(browser: Browser, origin: string, user: { email: string; password: string }): Promise<SignedInState> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

export type BenchStack = { origin: string; browser: Browser; storageState: SignedInState; stop(): Promise<void> };

export async function startBenchStack(name: string): Promise<BenchStack> {
  const admin = { email: 'admin@example.com', password: 'bench-password' };
  ensureBenchBuilds({ withFloor: false, rebuild: false });
  const served = await serveRemotes();
  const host = await serveHost('host', served.urls);
  const apiPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `crm-bench-${name}-`));
  const api = await startApi({
    port: apiPort,
    env: { DATA_DIR: dataDir, ADMIN_PASSWORD: admin.password, DEMO_LEADS: '0', LOG_LEVEL: 'warn', CORS_ORIGINS: host.origin },
  });
  host.writeConfig({ apiBaseUrl: `http://localhost:${apiPort}/api`, pageLoadDelayMs: 0 });
  const browser = await launchBrowser();
  const stop = async () => {
    await browser.close();
    for (const server of [host.server, ...served.servers]) server.close();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { origin: host.origin, browser, storageState: await signedInState(browser, host.origin, admin), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
