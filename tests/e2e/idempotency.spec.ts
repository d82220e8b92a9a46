// Safe retries (issue 29): the console sends each create with an Idempotency-Key and sends it again, with the
// same key, when no answer came. Here the test's proxy (Playwright's routing, between the page and the server)
// lets the first "add zone" reach the server and then cuts its answer, as a dropped connection would: the
// console's resend is answered the first answer, the user lands on the new zone, and exactly one zone exists.
import { expect, test } from './fixtures';

test.use({ account: 'multi', publisher: 'Atlas News' });

test('a create whose answer was lost is sent again and makes one zone', async ({ page, api, signedIn }) => {
  const keys: (string | null)[] = [];
  await page.route('**/external/request', async (route) => {
    keys.push(await route.request().headerValue('idempotency-key'));
    if (keys.length === 1) {
      // The server receives it and creates the zone; the browser never hears back.
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      return route.abort('connectionreset');
    }
    return route.fallback();
  });

  const name = `E2E cut answer ${Date.now()}`;
  await page.goto('/zones/new');
  await page.getByRole('textbox', { name: 'Zone name' }).fill(name);
  await page.getByRole('textbox', { name: /^Domains/ }).fill('www.cut-answer-e2e.com');
  await page.getByRole('button', { name: 'Add zone' }).click();

  await expect(page).toHaveURL(/\/zones\/edit\/\d+\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
  expect(keys[1]).toBe(keys[0]);

  const publisherId = signedIn?.publisher?.id;
  if (publisherId === undefined) throw new Error('the test works as Atlas News');
  const search = await api.post(`/external/publishers/${publisherId}/zones/search`, { params: { names: name } });
  expect(search.ok()).toBe(true);
  const found = ((await search.json()) as { content: { name: string }[] }).content.filter((zone) => zone.name === name);
  expect(found).toHaveLength(1);
});
