// The bundle budget (scripts/check-budget.mjs) reads "what /login needs" from dist/ alone. This checks that reading
// against what Chromium really fetches, so a split the static reading cannot see (a lazy chunk the login page
// pulls in at once) cannot slip past the budget; and that the scripts arrive compressed as the budget assumes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { measureBundle } from '../../scripts/check-budget.mjs';
import { expect, test } from './fixtures';
import { ROOT } from './support/server';

test('every script fetched before the login form is usable is one the budget counts, sent compressed', async ({ page, server }) => {
  const measured = await measureBundle(path.join(ROOT, 'dist'));
  const counted = new Set(measured.initial.map((chunk) => `/${chunk.file}`));

  const fetched: { path: string; encoding: string }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' && url.origin === server.url) {
      fetched.push({ path: url.pathname, encoding: response.headers()['content-encoding'] ?? 'identity' });
    }
  });
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: /^e-?mail/i })).toBeEditable();
  await expect(page.getByLabel(/^password/i)).toBeEditable();
  const beforeUsable = [...fetched];

  expect(beforeUsable.length, 'scripts fetched for /login').toBeGreaterThan(0);
  expect(beforeUsable.map((s) => s.path).filter((p) => !counted.has(p)), 'fetched for /login but not counted by the budget').toEqual([]);
  // Chromium offers br even over plain HTTP; every script with a .br copy must come from it, as the budget assumes.
  const withBrotli = beforeUsable.filter((s) => existsSync(path.join(ROOT, 'dist', `${s.path}.br`)));
  expect(withBrotli.filter((s) => s.encoding !== 'br'), 'scripts not sent as their Brotli copy').toEqual([]);
});
