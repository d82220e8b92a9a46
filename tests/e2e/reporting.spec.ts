// Reporting (spec section 2): the tabs each demo publisher sees, a dashboard frame with its chart and key figures
// whose period form changes them, where unknown or hidden types land, and axe on the page and on the stand-in
// dashboard page itself (opened on its own: the frame is sandboxed without script, so axe cannot run inside it).
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Report types' }).getByRole('tab');
const dashboard = (page: Page, name = 'Reporting dashboard') => page.frameLocator(`iframe[title="${name}"]`);
const tile = (frame: ReturnType<typeof dashboard>, label: string) => frame.locator('.figures div').filter({ has: frame.getByText(label, { exact: true }) }).locator('dd').first();

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('as multi working as Atlas News', () => {
  test.use({ account: 'multi', publisher: 'Atlas News' });

  test('sees the extra tabs; the dashboard shows a chart and key figures, and its period changes them', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/home/reporting');
    await expect(tabs(page)).toHaveText(['Reporting', 'Advertiser spend', 'Custom', 'Slot revenue', 'Passback campaigns', 'In-video dashboard', 'In-video custom']);
    const frame = dashboard(page);
    await expect(frame.getByRole('heading', { name: 'Revenue by day' })).toBeVisible();
    await expect(frame.locator('figure.chart svg.MuiChartsSurface-root')).toBeVisible();
    await expect(page.getByText('Loading reporting')).toHaveCount(0);
    const thirtyDays = await tile(frame, 'Impressions').textContent();
    expect(thirtyDays).toMatch(/^[\d,]+$/);
    // The dashboard fits its 1300 px frame at this width: no scrollbar of its own (issue 21).
    expect(await frame.locator('html').evaluate((html) => html.scrollHeight - html.clientHeight)).toBeLessThanOrEqual(0);

    await frame.getByLabel('Period').selectOption('7');
    await frame.getByRole('button', { name: 'Apply' }).click();
    await expect(frame.getByLabel('Period')).toHaveValue('7');
    await expect(tile(frame, 'Impressions')).not.toHaveText(thirtyDays ?? '');
    const sevenDays = Number((await tile(frame, 'Impressions').textContent())?.replaceAll(',', ''));
    expect(sevenDays).toBeGreaterThan(0);
    expect(sevenDays).toBeLessThan(Number(thirtyDays?.replaceAll(',', '')));
    await expectNoA11yViolations(page);

    // The passback tab shows the campaigns dashboard (report 7).
    await tabs(page).filter({ hasText: 'Passback campaigns' }).click();
    await expect(page).toHaveURL(/\/home\/passback-campaigns$/);
    await expect(dashboard(page, 'Passback campaigns dashboard').getByRole('heading', { name: 'Passback campaigns', level: 1 })).toBeVisible();
  });

  test('the dashboard page itself is free of WCAG A/AA violations, and the reporting page fits 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/home/advertiser-spend');
    const frame = page.locator('iframe[title="Advertiser spend dashboard"]');
    await expect(dashboard(page, 'Advertiser spend dashboard').getByRole('heading', { name: 'Spend by advertiser' })).toBeVisible();
    await noHorizontalOverflow(page);
    const src = await frame.getAttribute('src');
    await page.goto(src ?? '');
    await expect(page.getByRole('heading', { name: 'Advertiser spend', level: 1 })).toBeVisible();
    await noHorizontalOverflow(page);
    // On a phone every key figure stays on one line, and every revenue of the tables is in view (issue 21).
    const figures = await page.locator('.figures dd:not(.note)').evaluateAll((values) =>
      values.map((dd) => ({ text: dd.textContent, lines: Math.round(dd.getBoundingClientRect().height / parseFloat(getComputedStyle(dd).lineHeight)) })),
    );
    expect(figures.length).toBe(5);
    for (const figure of figures) expect(figure, figure.text ?? '').toMatchObject({ lines: 1 });
    const revenues = await page.locator('td[data-label="Revenue"]').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
    expect(revenues.length).toBeGreaterThan(0);
    for (const right of revenues) expect(right).toBeLessThanOrEqual(360);
    await expectNoA11yViolations(page);
  });
  test('at 390 px every key figure fits its tile and the help button covers none of them (issue 30, item 12)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/home/reporting');
    const frame = dashboard(page);
    await expect(frame.getByRole('heading', { name: 'Revenue by day' })).toBeVisible();
    const help = page.getByRole('link', { name: 'Reporting FAQ' });
    const tiles = frame.locator('.figures > div');
    await expect(tiles).toHaveCount(5);
    for (const index of [0, 1, 2, 3, 4]) {
      const tile = tiles.nth(index);
      await tile.scrollIntoViewIfNeeded();
      // The value's text (not only its box) ends inside the tile.
      const fit = await tile.evaluate((div) => {
        const value = div.querySelector('dd:not(.note)')!;
        const range = document.createRange();
        range.selectNodeContents(value);
        return { text: value.textContent, textRight: range.getBoundingClientRect().right, tileRight: div.getBoundingClientRect().right - 1 };
      });
      expect(fit.textRight, fit.text ?? '').toBeLessThanOrEqual(fit.tileRight);
      // Both boxes in the page's coordinates, as the user sees them at this scroll.
      const [box, button] = [await tile.boundingBox(), await help.boundingBox()];
      const overlaps = box!.x < button!.x + button!.width && button!.x < box!.x + box!.width && box!.y < button!.y + button!.height && button!.y < box!.y + box!.height;
      expect(overlaps, fit.text ?? '').toBe(false);
    }
    await expectNoA11yViolations(page);
  });
});

test.describe('as solo working as Solo Media', () => {
  test.use({ account: 'solo', publisher: 'Solo Media' });

  test('sees the three standard tabs; a hidden or unknown type lands on reporting', async ({ page }) => {
    await page.goto('/home/slot-revenue');
    await expect(page).toHaveURL(/\/home\/reporting$/);
    await expect(tabs(page)).toHaveText(['Reporting', 'Advertiser spend', 'Custom']);
    await page.goto('/home/nonsense');
    await expect(page).toHaveURL(/\/home\/reporting$/);
    await expect(page.getByRole('link', { name: 'Reporting FAQ' })).toHaveAttribute('href', /faq/);
  });
});

test.describe('as multi working as Premium Classic (legacy just premium)', () => {
  test.use({ account: 'multi', publisher: 'Premium Classic' });

  test('sees no slot revenue or passback tab and cannot reach previous payments', async ({ page }) => {
    await page.goto('/home/passback-campaigns');
    await expect(page).toHaveURL(/\/home\/reporting$/);
    await expect(tabs(page)).not.toContainText(['Slot revenue']);
    await expect(tabs(page)).not.toContainText(['Passback campaigns']);
    await page.goto('/payments/previous');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Previous payments: not part of the product of Premium Classic');
    await expect(page.getByRole('table', { name: 'Payment ledger' })).toHaveCount(0);
  });
});
