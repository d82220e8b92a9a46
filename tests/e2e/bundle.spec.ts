// The bundle budget (scripts/check-budget.mjs) reads "what /login needs" from dist/ alone. This checks that reading
// against what Chromium really fetches, so a split the static reading cannot see (a lazy chunk the login page
// pulls in before it can draw) cannot slip past the budget; and that scripts arrive as the Brotli copies the
// budget measures. A prefetch the page starts once it is drawn (the admin chunk, when idle) is not "needed".
import { existsSync } from 'node:fs';
import path from 'node:path';
import { measureBundle } from '../../scripts/check-budget.mjs';
import { expect, test } from './fixtures';
import { ROOT } from './support/server';

declare global {
  interface Window {
    __loginFormAt?: number;
  }
}

test('every script fetched before the login form exists is one the budget counts, sent as Brotli', async ({ page, server }) => {
  const measured = await measureBundle(path.join(ROOT, 'dist'));
  const counted = new Set(measured.initial.map((chunk) => `/${chunk.file}`));

  // The moment the e-mail field enters the DOM (before it is even painted): scripts requested later were not
  // needed to draw the form. Found by its label, as a person would.
  await page.addInitScript(() => {
    const labelled = () =>
      Array.from(document.querySelectorAll('input')).some((input) =>
        /^\s*e-?mail/i.test(input.labels?.[0]?.textContent ?? input.getAttribute('aria-label') ?? ''),
      );
    new MutationObserver((_records, observer) => {
      if (labelled()) {
        window.__loginFormAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const encodings = new Map<string, string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === server.url && url.pathname.endsWith('.js')) {
      encodings.set(url.pathname, response.headers()['content-encoding'] ?? 'identity');
    }
  });

  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: /^e-?mail/i })).toBeEditable();
  await expect(page.getByLabel(/^password/i)).toBeEditable();
  const needed = await page.evaluate(() => {
    const formAt = window.__loginFormAt ?? Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < formAt && new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname);
  });

  expect(await page.evaluate(() => window.__loginFormAt), 'time the e-mail field appeared').toBeGreaterThan(0);
  expect(needed.length, 'scripts fetched to draw /login').toBeGreaterThan(0);
  expect(needed.filter((p) => !counted.has(p)), 'needed by /login but not counted by the budget').toEqual([]);
  // Chromium offers br even over plain HTTP, so every script with a .br copy must come from it.
  const notBrotli = needed.filter((p) => existsSync(path.join(ROOT, 'dist', `${p}.br`)) && encodings.get(p) !== 'br');
  expect(notBrotli, 'scripts not sent as their Brotli copy').toEqual([]);
});
