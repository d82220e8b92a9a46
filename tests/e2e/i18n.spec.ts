// Language switching (spec sections 1, 4, 9): the visible texts change to Japanese, <html lang> follows, the
// choice survives a reload, and local storage still holds only the three session keys (the language lives in a
// cookie). Read-only: the worker's server.
import type { Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, expectNoA11yViolations, test } from './fixtures';
import { SESSION_KEYS, storedKeys } from './support/session';

const html = (page: Page) => page.locator('html');

test.describe('signed in', () => {
  test.use({ account: 'multi', publisher: 'Atlas News' });

  test('switching the signed-in portal to Japanese translates it, sets lang="ja" and survives a reload', async ({ page }) => {
    await page.goto('/home/reporting');
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await page.getByRole('banner').getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '日本語' }).click();

    const japanese = async () => {
      await expect(page.getByRole('heading', { name: 'レポート', level: 1 })).toBeVisible();
      await expect(html(page)).toHaveAttribute('lang', 'ja');
      const menu = page.getByRole('navigation', { name: 'メインナビゲーション' });
      await expect(menu.getByRole('link', { name: 'ゾーン' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'お支払い' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'ログアウト' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: '言語: 日本語' })).toBeVisible();
      await expect(page.getByRole('banner').getByText('開発', { exact: true })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: /^よくある質問/ })).toBeVisible();
      // Nothing English is left of what was there before.
      await expect(page.getByRole('link', { name: 'Zones' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Reporting' })).toHaveCount(0);
    };
    await japanese();

    await page.reload();
    await japanese();
    expect(await storedKeys(page)).toEqual([...SESSION_KEYS].sort());
    await expectNoA11yViolations(page);
  });

  test('the chooser follows the language, and switching back to English restores it', async ({ page }) => {
    await page.goto('/home/reporting');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await page.getByRole('link', { name: /^パブリッシャーを変更/ }).click();
    await expect(page.getByRole('heading', { name: 'パブリッシャーを選択', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'パブリッシャーを検索' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '件' })).toHaveText('3件のパブリッシャーが見つかりました');

    await page.getByRole('button', { name: '言語: 日本語' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Select a Publisher', level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');
  });
});

test('the sign-in page switches to Japanese, keeps it after a reload and signs in in Japanese', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '日本語' });
  await expect(page.getByRole('heading', { name: 'ログイン', level: 1 })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'ja');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'ログイン', level: 1 })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'ja');
  expect(await storedKeys(page)).toEqual([]);

  // Validation and the sign-in failure are translated too.
  const email = page.getByRole('textbox', { name: 'メールアドレス' });
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(email).toHaveAccessibleDescription('メールアドレスが無効です');
  await email.fill('nobody@publisher.example');
  await page.getByLabel('パスワード', { exact: true }).fill('Wrong#2026pass');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('メールアドレスまたはパスワードが正しくありません');

  // Signing in keeps the language: the portal opens in Japanese.
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await email.fill(ACCOUNTS.multi.email);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'パブリッシャーを選択', level: 1 })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'ja');
});
