// Two tabs of one browser, working as two publishers (issue 21 defect 1): a block confirmed in one tab lands on the
// publisher that tab shows and names, whatever another tab chose meanwhile. Tab B shares tab A's signed-in session
// (one browser context, one local storage) and chooses its publisher in the chooser, the step this test is about.
// The block is a domain no other test names, on Atlas News' own list (the defect was on the global page: its
// entity is the publisher itself), and is taken away again at the end.
import { expect, expectNoA11yViolations, test } from './fixtures';
import { SESSION_KEYS } from '../../src/dataProvider/session';
import { storedValue } from './support/session';

test.use({ account: 'multi', publisher: 'Atlas News' });

test('a block confirmed in a tab working as Atlas News lands on Atlas News after another tab chose Sakura Press', async ({ page, context, api, signedIn }, testInfo) => {
  const atlas = signedIn!.publisher!;
  const sakura = signedIn!.publishers.find((publisher) => publisher.name === 'Sakura Press')!;
  const domain = `two-tabs-${testInfo.workerIndex}-${Date.now()}.example`;
  const blocksOf = async (publisherId: number) => {
    const res = await api.get(`/external/publisher/${publisherId}/restrictions/search?restrictionType=advertiser_domain&searchTerm=${domain}`);
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { content: { id: number; advertisingRestrictionId: string }[] }).content;
  };

  await page.goto('/global-advertiser-blocks/block-advertiser-domains/create');
  const dialog = page.getByRole('dialog', { name: 'Block advertiser domains' });
  await expect(dialog.getByText('For Atlas News, on all of its zones')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Domains' }).fill(domain);
  await dialog.getByRole('button', { name: 'Review' }).click();
  const sum = dialog.getByRole('row', { name: /All together/ });
  await expect(sum).toContainText('$');
  await expectNoA11yViolations(page);

  // Tab B, signed in through the shared session, chooses Sakura Press (a yen publisher).
  const tabB = await context.newPage();
  await tabB.goto('/browse');
  await tabB.getByRole('list', { name: 'Publishers' }).getByRole('button', { name: /^Sakura Press/ }).click();
  await tabB.waitForURL(/\/home\//);
  expect(await storedValue(tabB, SESSION_KEYS.publisher)).toMatchObject({ id: sakura.id });

  // Back in tab A: the review still names Atlas News and counts in its currency, and the block goes there.
  await page.bringToFront();
  await expect(dialog.getByText('For Atlas News, on all of its zones')).toBeVisible();
  await expect(sum).toContainText('$');
  await expect(sum).not.toContainText('¥');
  await dialog.getByRole('button', { name: 'Block 1 domain for Atlas News' }).click();
  await expect(page).toHaveURL(/\/global-advertiser-blocks$/);
  await expect(page.getByText('Blocks here apply to every zone of Atlas News.', { exact: false })).toBeVisible();
  try {
    expect((await blocksOf(atlas.id)).map((row) => row.advertisingRestrictionId)).toEqual([`*.${domain}`]);
    expect(await blocksOf(sakura.id)).toEqual([]);
    // Tab B goes on working as Sakura Press.
    await tabB.goto('/global-advertiser-blocks');
    await expect(tabB.getByText('Blocks here apply to every zone of Sakura Press.', { exact: false })).toBeVisible();
  } finally {
    const made = await blocksOf(atlas.id);
    if (made.length) await api.delete(`/external/publisher/${atlas.id}/restrictions/bulk`, { data: made.map((row) => row.id) });
  }
});
