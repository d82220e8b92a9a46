// The end of a session no longer throws work away (issue 21, defect 4), through the real server with 60-second
// tokens and the page's clock moved, never waited for: a warning before the end, signing in again over the page
// with an open dialog's text kept, a keystroke renewing the session, and a page loaded after the end returning
// there after the sign-in. A server of its own: TOKEN_TTL_SECONDS is the subject.
import { ACCOUNTS, DEMO_PASSWORD, expect, expectNoA11yViolations, test } from './fixtures';

test.use({ account: 'multi', publisher: 'Atlas News', serverEnv: { TOKEN_TTL_SECONDS: '60' } });

test('warns, keeps the open dialog’s text through a new sign-in, renews while the user types, and returns to the page after the end', async ({ page, createZone }) => {
  const zone = await createZone();
  await page.clock.install();
  await page.goto(`/zones/edit/${zone.id}/overview`);
  await page.getByRole('link', { name: 'Add blocked URLs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block URLs' });
  const urls = dialog.getByRole('textbox', { name: /URLs to block/ });
  const typed = `https://www.example.com/kept-${zone.id}/`;
  await urls.fill(typed);

  // Nobody works in the second half of the token's life: a warning a quarter of it (15 s) before the end.
  await page.clock.fastForward(46_000);
  await expect(page.getByRole('alertdialog', { name: 'Your session is about to end' })).toBeVisible();
  await expectNoA11yViolations(page);

  // The end: the page stays, with the dialog and its text, under a dialog to sign in again.
  await page.clock.fastForward(15_000);
  const ended = page.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(ended).toContainText(`Account: ${ACCOUNTS.multi.email}`);
  await expectNoA11yViolations(page);
  await ended.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await ended.getByRole('button', { name: 'Sign in again' }).click();
  await expect(ended).toHaveCount(0);
  await expect(urls).toHaveValue(typed);
  // The page is where it was: the zone's overview with the dialog's own address.
  await expect(page).toHaveURL(new RegExp(`/zones/edit/${zone.id}/overview/blocked-urls/create$`));

  // A keystroke in the second half of the new token's life renews it, and the save goes through with it.
  await page.clock.fastForward(31_000);
  const renewal = page.waitForResponse((response) => response.url().endsWith('/auth/renew') && response.ok());
  await urls.press('End');
  await renewal;
  await dialog.getByRole('button', { name: 'Block 1 URL' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('log', { name: 'Notifications' })).toContainText('Added URL block(s)');

  // The page is loaded again after the end: sign-in first, then back to it, as Atlas News, not the reporting home.
  await page.clock.fastForward(61_000);
  await expect(ended).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(ACCOUNTS.multi.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/zones/edit/${zone.id}/overview$`));
  await expect(page.getByRole('heading', { level: 1, name: zone.name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Blocked URLs' })).toContainText(typed);
});
