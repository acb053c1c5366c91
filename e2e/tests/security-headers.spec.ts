/**
 * The console's pages are served with a Content-Security-Policy that names only the host, its remotes and the API, and
 * the whole console runs under it: signing in and opening every remote's page raises no policy violation.
 */
import { admin, expect, signIn, test } from './fixtures.ts';

test('the host is served with a CSP, no framing and no CORS; every remote page runs under it without a violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`),
    );
  });
  const loginPage = await page.goto('/login');
  const headers = loginPage?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/script-src 'self' http:\/\/localhost:3001/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['access-control-allow-origin']).toBeUndefined();

  await signIn(page, admin, /\/dashboard$/);
  // One page of each remote: leads, brokers, management, settings, dashboard.
  for (const path of ['/lead/search', '/broker/search', '/management/users', '/settings/tags', '/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect(violations).toEqual([]);
});

test('a script injected inline does not run', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
});
