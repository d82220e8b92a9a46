// Teams, roles and two-factor sign-in (issue 22), as journeys through the real server: an admin invites an editor
// who accepts from the mailbox link, signs in, blocks an advertiser and finds no payments; a viewer cannot rename a
// zone; a thief holding one of solo's tokens cannot enrol a second factor or end solo's sessions without the password,
// and solo turns two-factor sign-in on (with the password, ending the thief's session) and signs in again with a
// code computed here. axe on each new screen and dialog on the way. Edge cases (refusals, the last admin, wrong codes) are server and component tests.
import type { Page } from '@playwright/test';
import { TOTP, Secret } from 'otpauth';
import { test, expect, expectNoA11yViolations, waitForMail, DEMO_PASSWORD, ACCOUNTS } from './fixtures';
import { DEMO } from '../../server/src/db/seed/demo';
import { storageStateOf } from './support/session';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const notices = (page: Page) => page.getByRole('log', { name: 'Notifications' });

test.describe('an admin of Atlas News', () => {
  test.use({ account: 'multi', publisher: 'Atlas News' });

  test('invites an editor, who accepts from the mailbox link, signs in, may block an advertiser and may not open payments', async ({
    page,
    browser,
    request,
    server,
    createZone,
  }, testInfo) => {
    test.setTimeout(60_000);
    const zone = await createZone();
    const email = `editor-${testInfo.workerIndex}-${Date.now()}@publisher.example`;

    await page.goto('/account-settings/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Members' }).getByRole('row', { name: /Eddie Editor/ })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone to Atlas News' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await expect(dialog.getByRole('radio', { name: /^Editor/ })).toBeChecked();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(notices(page).getByText('Invitation sent')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Open invitations' }).getByRole('row', { name: new RegExp(email) })).toBeVisible();

    const mail = await waitForMail(request, server, email, (message) => message.subject.includes('Atlas News'));
    expect(mail.link).toMatch(/\/invitation\?tk=/);

    // The invitee, in a browser of their own.
    const context = await browser.newContext();
    const invitee = await context.newPage();
    try {
      await invitee.goto(mail.link!);
      await expect(invitee.getByText('Atlas News invites you to its team as Editor.')).toBeVisible();
      await invitee.getByLabel('Your name').fill('Iris Invited');
      await invitee.getByLabel('Password', { exact: true }).fill('Fresh#2027word');
      await invitee.getByLabel('Confirm password', { exact: true }).fill('Fresh#2027word');
      await expectNoA11yViolations(invitee);
      await invitee.getByRole('button', { name: 'Join Atlas News' }).click();
      await expect(invitee.getByText('You are a member of Atlas News now. Sign in to start.')).toBeVisible();
      await invitee.getByRole('button', { name: 'Sign in' }).click();

      await expect(invitee.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
      await invitee.getByLabel('Password', { exact: true }).fill('Fresh#2027word');
      await invitee.getByRole('button', { name: 'Sign in' }).click();
      // Atlas News is the editor's one publisher: the chooser picks it.
      await expect(invitee).toHaveURL(/\/home\/reporting$/);
      await expect(menu(invitee).getByRole('link', { name: 'Zones' })).toBeVisible();
      await expect(menu(invitee).getByRole('link', { name: 'Payments' })).toHaveCount(0);
      await expect(menu(invitee).getByRole('link', { name: 'Billing' })).toHaveCount(0);

      await invitee.goto(`/zones/edit/${zone.id}/blocking/block-advertisers/create`);
      const add = invitee.getByRole('dialog', { name: 'Block advertisers' });
      await add.getByRole('searchbox', { name: 'Search advertisers' }).fill('Golden Ced');
      await add.getByRole('checkbox', { name: /^Golden Cedar Airways/ }).check();
      await add.getByRole('button', { name: 'Review' }).click();
      await add.getByRole('button', { name: 'Block 1 advertiser' }).click();
      await expect(invitee.getByRole('region', { name: 'Advertisers' }).getByRole('row', { name: /Golden Cedar Airways/ })).toBeVisible();

      await invitee.goto('/payments');
      await expect(invitee.getByRole('heading', { level: 1, name: 'Payments: not part of your role at Atlas News' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe('a viewer of Atlas News', () => {
  test.use({ account: 'viewer', publisher: 'Atlas News' });

  test('reads a zone but cannot rename it, and the server refuses it too', async ({ page, api }) => {
    await page.goto(`/zones/edit/${DEMO.zones.atlas}/overview`);
    await expect(page.getByRole('heading', { level: 1, name: 'Atlas Homepage' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Blocked URLs' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rename zone' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit enabled products' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add blocked URLs' })).toHaveCount(0);

    const refused = await api.put(`/external/zones/${DEMO.zones.atlas}`, { data: { name: 'Renamed by a viewer', typeId: 1, enabled: true } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('ROLE_NOT_ALLOWED');
  });
});

test.describe('two-factor sign-in', () => {
  // Solo's own sign-in changes: a server of its own, so no other test meets a code after solo's password.
  test.use({ account: 'solo', publisher: 'Solo Media', isolatedServer: true });

  // Issue 30, item 1: a stolen password-only token enrolled an authenticator and signed the owner out everywhere.
  test("a stolen token cannot enrol a second factor or end solo's sessions; solo turns it on with the password, which ends the thief's session, and signs in again with a code", async ({
    page,
    browser,
    request,
    server,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    // The thief holds a token of a sign-in of solo's (as a stolen one would be), not the password.
    const signIn = await request.post('/auth/login', { headers: { 'x-app': 'PC' }, data: { email: ACCOUNTS.solo.email, password: DEMO_PASSWORD } });
    const stolen = ((await signIn.json()) as { jwt: string }).jwt;
    expect(stolen).toEqual(expect.any(String));
    const thief = await browser.newContext({ storageState: storageStateOf(server, { ...signedIn!, jwt: stolen }) });
    let totp: TOTP;
    try {
      const intruder = await thief.newPage();
      await intruder.goto('/account-settings/security');
      await intruder.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      const asked = intruder.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
      await asked.getByLabel('Password').fill('Guess#2026pass');
      await asked.getByRole('button', { name: 'Continue' }).click();
      await expect(asked.getByRole('alert')).toHaveText('The password is not right.');
      await expect(asked.getByRole('img', { name: 'QR code to add the portal to your authenticator app' })).toHaveCount(0);
      await asked.getByRole('button', { name: 'Cancel' }).click();
      await intruder.getByRole('button', { name: 'Sign out everywhere else' }).click();
      const endOthers = intruder.getByRole('dialog', { name: 'Sign out everywhere else?' });
      await endOthers.getByLabel('Password').fill('Guess#2026pass');
      await endOthers.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await expect(endOthers.getByRole('alert')).toHaveText('The password is not right.');
      // Nor straight through the API, without a password.
      const headers = { 'x-app': 'PC', authorization: `Bearer ${stolen}` };
      expect((await request.post('/external/me/two-factor/setup', { headers, data: {} })).status()).toBe(400);
      expect((await request.post('/external/me/sessions/end-others', { headers, data: {} })).status()).toBe(400);

      // Solo keeps the account: still signed in, two-factor sign-in off, and turns it on with the password.
      await page.goto('/account-settings/security');
      await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
      await expect(page.getByText('Off: signing in asks for your password only.')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Active sessions' }).getByText('This session')).toBeVisible();
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
      await expectNoA11yViolations(page);
      // The password field has the focus.
      await page.keyboard.type(DEMO_PASSWORD);
      await setup.getByRole('button', { name: 'Continue' }).click();
      await expect(setup.getByRole('img', { name: 'QR code to add the portal to your authenticator app' })).toBeVisible();
      await expect(setup.getByRole('link', { name: 'Open it in your authenticator app' })).toHaveAttribute('href', /^otpauth:\/\/totp\//);
      await expectNoA11yViolations(page);
      const secret = ((await setup.getByLabel('Key', { exact: true }).textContent()) ?? '').replace(/\s/g, '');
      totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
      await setup.getByRole('textbox', { name: 'Code of the app' }).fill(totp.generate());
      await setup.getByRole('button', { name: 'Turn on' }).click();
      const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
      await expect(codes.getByRole('listitem')).toHaveCount(10);
      await expectNoA11yViolations(page);
      await codes.getByRole('button', { name: 'I have saved them' }).click();
      await expect(page.getByText(/^On since /)).toBeVisible();
      // Turning it on ended every other session: the thief's page is signed out at its next request.
      await expect(page.getByRole('table', { name: 'Active sessions' }).getByRole('row')).toHaveCount(2);
      await intruder.reload();
      await expect(intruder).toHaveURL(/\/login/);
    } finally {
      await thief.close();
    }

    await menu(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('textbox', { name: 'Email' }).fill(ACCOUNTS.solo.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
    await expectNoA11yViolations(page);
    // The code field has the focus; the step after the set-up's: a code is taken once, and the set-up used this step's.
    await page.keyboard.type(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/home\/reporting$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();

    // With two-factor sign-in on, solo may require it of the team: asked first, saying who would be locked out.
    await page.goto('/account-settings/team');
    await page.getByRole('switch', { name: 'Require two-factor sign-in' }).click();
    const requiring = page.getByRole('alertdialog', { name: 'Require two-factor sign-in at Solo Media?' });
    await expect(requiring).toContainText('Every member of Solo Media has two-factor sign-in on: no one is locked out.');
    await expectNoA11yViolations(page);
    await requiring.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('switch', { name: 'Require two-factor sign-in' })).not.toBeChecked();
  });
});
