import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../support/env';
import { signIn } from './support';

test.describe('admin session', () => {
  test('a wrong password shows the server message in red above the fields', async ({ page }) => {
    await page.goto('/admin/login');
    // Both fields are required by the browser; the e-mail field is an e-mail input.
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    for (const label of ['Email', 'Password']) await expect(page.getByLabel(label)).toHaveAttribute('required', '');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const error = page.getByRole('alert');
    await expect(error).toHaveText(/\S/);
    const apiMessage = await (
      await page.request.post('/api/admin/login', { data: { email: E2E_ADMIN.email, password: 'not-the-password' } })
    ).json();
    await expect(error).toHaveText(apiMessage.error);
    await expect(error).toHaveCSS('color', 'rgb(185, 28, 28)');
    const errorBox = (await error.boundingBox())!;
    const emailBox = (await page.getByLabel('Email').boundingBox())!;
    expect(errorBox.y).toBeLessThan(emailBox.y);
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test("an answer without a message shows 'Login failed' and keeps what was typed", async ({ page }) => {
    await page.goto('/admin/login');
    await page.route('**/api/admin/login', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login failed');
    await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
    await expect(page.getByLabel('Password')).toHaveValue(E2E_ADMIN.password);
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test('the button reads "Logging in..." while the request runs, then lands on the dashboard', async ({ page }) => {
    await page.goto('/admin/login');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Total Subscribers')).toBeVisible();
  });

  test('"Checking session..." shows while the start-up refresh runs', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/refresh', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/inquiries');
    await expect(page.getByText('Checking session...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByText('Checking session...')).toHaveCount(0);
  });

  test('a deep link while signed out returns there after sign-in', async ({ page }) => {
    await page.goto('/admin/inquiries?q=copper');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/inquiries\?q=copper$/);
    await expect(page.getByRole('heading', { name: 'All Inquiries' })).toBeVisible();
  });

  test('a reload keeps the session through the refresh cookie', async ({ page }) => {
    await signIn(page, '/admin/contact-queries');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Contact Queries', level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/contact-queries$/);
  });

  test('logout clears the session and goes to the login page; a reload stays signed out', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a 401 from the API logs out', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/subscribers?*', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: 'Not signed in' }) }),
    );
    await page.getByRole('link', { name: 'Subscribers' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });

  test('settings and unknown admin paths', async ({ page }) => {
    await signIn(page, '/admin/settings');
    await expect(page.getByRole('heading', { name: 'Settings Page' })).toBeVisible();
    await page.goto('/admin/no-such-screen');
    await expect(page.getByText('Oops! Page not found.')).toBeVisible();
  });
});
