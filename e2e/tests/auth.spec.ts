import { admin, agent, apiBaseUrl, apiLogin, expect, LoginPage, signIn, test, tokenOf } from './fixtures.ts';

test('admin lands on the dashboard; a user without dashboard.view lands on lead search', async ({ page, browser }) => {
  await signIn(page, admin, /\/dashboard$/);
  const other = await browser.newPage();
  await signIn(other, agent, /\/lead\/search$/);
  await other.close();
});

test('a link opened while signed out opens once signed in, its filters kept', async ({ page }) => {
  await page.goto('/lead/history/search?state=failure');
  await expect(page).toHaveURL(/\/$/);
  await new LoginPage(page).signIn(admin);
  await expect(page).toHaveURL(/\/lead\/history\/search\?state=failure$/);
  await expect(page).toHaveTitle('Send history · Lead console');
});

test('wrong credentials show the server message under the field and the button returns to idle', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn({ email: admin.email, password: 'wrong-password' });
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  const button = page.getByRole('button', { name: /Sign in|Loading/ });
  await expect(button).toHaveText(/Sign in/, { timeout: 3_000 });
  await expect(button).toBeEnabled();
  await expect(page).toHaveURL(/\/$/);
});

test('the password field toggles between hidden and shown', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByLabel('Show password').click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('a signed-in user opening / is sent to their landing page', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign out revokes the token, clears the session and goes to /', async ({ page, request }) => {
  await signIn(page, admin, /\/dashboard$/);
  const token = await tokenOf(page);
  await page.getByTestId('user-menu').click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const profile = await request.get(`${apiBaseUrl}/profile`, { headers: { authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a token revoked on the server locks the console: warning, then signed out after 3 s', async ({ page, request }) => {
  await signIn(page, admin, /\/dashboard$/);
  // Log out the page's session from another session of the same user.
  const other = await apiLogin(request, admin);
  const revoke = await request.delete(`${apiBaseUrl}/profile/sessions/others`, { headers: { authorization: `Bearer ${other}` } });
  expect(revoke.status()).toBe(200);
  // The next request the console makes (the profile refresh runs every 30 s; a reload runs it at 100 ms).
  await page.reload();
  await expect(page.getByText('Token has expired. Login again.')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
  // Local storage was cleared: no token survives the reload.
  const stored = await page.evaluate(() => localStorage.getItem('crm.state'));
  expect(stored ?? '').not.toContain('accessToken":"');
});
