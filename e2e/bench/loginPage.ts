/**
 * Every script the browser fetches for the login page: a fresh context (empty cache), `/` opened,
 * script responses collected until the network is idle and the login form is on screen.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export type ServedScript = { url: URL; raw: number; gzip: number; code: string };

/** gzip level 6 (nginx's and zlib's default) over the exact bytes served. */
export const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 6 }).length;

export async function loginPageScripts(browser: Browser, origin: string): Promise<ServedScript[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<ServedScript>[] = [];
  const failed: string[] = [];
  // An error thrown while the page starts (a white page) is what a missing login form comes down to: say it.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
    if (!response.ok()) failed.push(`${url.href} answered ${response.status()}`);
    pending.push(response.body().then((body) => ({ url, raw: body.length, gzip: gzipSize(body), code: body.toString('utf8') })));
  });
  try {
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    // A size is only meaningful for a page that shows the login form, so the bench checks it did.
    try {
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.locator('input[type="password"]').waitFor({ state: 'visible', timeout: 15_000 });
    } catch (error) {
      throw new Error(`${origin}: no login form${pageErrors.length > 0 ? `; page errors:\n${pageErrors.join('\n')}` : ''}`, { cause: error });
    }
    // Anything the form's rendering started (a lazy chunk) counts too.
    await page.waitForLoadState('networkidle');
    if (failed.length > 0) throw new Error(`scripts failed to load:\n${failed.join('\n')}`);
    return await Promise.all(pending);
  } finally {
    await context.close();
  }
}
