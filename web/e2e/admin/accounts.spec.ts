import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { totpCodeAt } from '@sourcing/api/test/accounts';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR, E2E_PORT } from '../support/env';
import { createAdmin, signIn, uniqueTag } from './support';

/** The invitation link in a mail to `email`, if one was written yet (the test server keeps mails as .eml files: docs/mail.md#outbox). */
async function mailedInvitationLink(email: string): Promise<string | null> {
  const folder = join(E2E_DATA_DIR, 'mail');
  for (const file of await readdir(folder).catch(() => [])) {
    const mail = await simpleParser(await readFile(join(folder, file)));
    const link = /https?:\/\/\S+\/admin\/invitation#[\w-]+/.exec(mail.text ?? '')?.[0];
    if (link && JSON.stringify(mail.to ?? '').includes(email)) return link;
  }
  return null;
}

/** The outbox worker writes the mail a moment after the invitation is queued. */
async function invitationLink(email: string): Promise<string> {
  await expect.poll(() => mailedInvitationLink(email)).not.toBeNull();
  return (await mailedInvitationLink(email))!;
}

/** The code an authenticator app shows for the next 30-second step (the one used to turn it on cannot be used again). */
const nextCode = (secret: string) => totpCodeAt(secret, Date.now() + 30_000);

/** Signed in: the admin layout shows (where the page was heading, or the dashboard). */
const expectSignedIn = (page: Page) => expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
}

test('an owner invites a colleague, who chooses name and password, turns on two-step verification and signs in with a code', async ({
  page,
  browser,
}, testInfo) => {
  const email = `${uniqueTag('invited')}@example.com`.toLowerCase();
  await signIn(page, '/admin/settings');
  const staff = page.getByRole('region', { name: 'Staff accounts' });
  await staff.getByLabel('E-mail', { exact: true }).fill(email);
  await staff.getByLabel('Role', { exact: true }).selectOption('agent');
  await staff.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email }),
  ).toContainText('Agent');

  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(await invitationLink(email));
  await expect(colleague.getByRole('heading', { name: 'Join the back office' })).toBeVisible();
  await expect(colleague.getByText(email)).toBeVisible();
  await colleague.getByLabel('Your name').fill('Ana Invited');
  await colleague.getByLabel('Password', { exact: true }).fill('ana-chosen-password');
  await colleague.getByLabel('Repeat the password').fill('ana-chosen-password');
  await colleague.screenshot({ path: testInfo.outputPath('invitation.png') });
  await colleague.getByRole('button', { name: 'Create my account' }).click();
  await expect(colleague.getByRole('banner').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await colleague.getByRole('link', { name: 'Ana Invited' }).click();
  await expect(colleague.getByRole('heading', { name: 'Your account' }).first()).toBeVisible();

  await colleague.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(colleague.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await colleague.getByTestId('totp-secret').textContent())!;
  await colleague.screenshot({ path: testInfo.outputPath('two-factor-setup.png'), fullPage: true });
  await colleague.getByLabel('Code from the app').fill(totpCodeAt(secret, Date.now()));
  await colleague.getByRole('button', { name: 'Turn on' }).click();
  await expect(colleague.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await colleague.getByRole('button', { name: 'Done' }).click();
  await expect(colleague.getByTestId('two-factor-state')).toContainText(
    'On: you sign in with a code from your authenticator app. 10 recovery codes left.',
  );
  await colleague.screenshot({ path: testInfo.outputPath('account.png'), fullPage: true });

  await logout(colleague);
  await colleague.getByLabel('Email').fill(email);
  await colleague.getByLabel('Password').fill('ana-chosen-password');
  await colleague.getByRole('button', { name: 'Login' }).click();
  await expect(colleague.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await colleague.getByLabel('Code').fill(nextCode(secret) === '000000' ? '111111' : '000000');
  await colleague.getByRole('button', { name: 'Verify' }).click();
  await expect(colleague.getByRole('alert')).toHaveText('That code is not right. Try the current one from your app.');
  await colleague.screenshot({ path: testInfo.outputPath('second-step.png') });
  await colleague.getByLabel('Code').fill(nextCode(secret));
  await colleague.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(colleague);
  await expect(colleague.getByRole('link', { name: 'Ana Invited' })).toBeVisible();

  // The invitation is used up: the owner's list no longer has it, and the colleague shows by name.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Ana Invited');
  await colleague.context().close();
});

test('signs in with a passkey made on the account page (Chromium’s virtual authenticator)', async ({ browser }, testInfo) => {
  const admin = createAdmin(uniqueTag('Passkey'));
  // WebAuthn wants a domain: the page is opened at localhost, the passkey's relying party.
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  await signIn(page, '/admin/account', admin);
  await page.getByLabel('Passkey name').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');
  // The passkey lives on the authenticator, discoverable: the sign-in needs no e-mail.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);

  await logout(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectSignedIn(page);
  await page.goto('/admin/account');
  await expect(page.getByRole('list', { name: 'Your passkeys' })).not.toContainText('last used never');
  await page.screenshot({ path: testInfo.outputPath('passkeys.png'), fullPage: true });
  await context.close();
});

test('lists the sessions and signs another one out: that window is signed out live', async ({ browser }, testInfo) => {
  const admin = createAdmin(uniqueTag('Sessions'));
  const here = await (await browser.newContext()).newPage();
  const elsewhere = await (await browser.newContext()).newPage();
  await signIn(elsewhere, '/admin', admin);
  await signIn(here, '/admin/account', admin);

  const sessions = here.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  const current = sessions.getByRole('row').filter({ hasText: 'This session' });
  await expect(current).toContainText(/Browser · Chrome on \w+/);
  await here.screenshot({ path: testInfo.outputPath('sessions.png'), fullPage: true });
  await sessions
    .getByRole('row')
    .filter({ hasNotText: 'This session' })
    .filter({ hasText: 'Browser' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(here.getByText('Session signed out')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(2);

  // Its socket is closed as signed out: the other window checks its session and lands on the sign-in page.
  await expect(elsewhere.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(elsewhere.getByRole('alert')).toHaveText('Session expired');
  await here.reload();
  await expect(here.getByRole('banner').getByRole('heading', { name: 'Your account' })).toBeVisible();
  await here.context().close();
  await elsewhere.context().close();
});
