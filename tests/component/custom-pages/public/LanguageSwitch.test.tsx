// Choosing Japanese on the sign-in page: the page is redrawn in Japanese, <html lang> follows, and the choice
// is remembered in the portal_lang cookie (not in local storage, spec section 4).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LoginPage } from '../../../../src/custom-pages/login/LoginPage';
import { renderPublicPage } from '../../../support/renderPublicPage';
import { setupMsw } from '../../../support/msw';

setupMsw();

describe('language switcher on the public pages', () => {
  it('switches the sign-in page to Japanese and remembers it', async () => {
    const { user } = renderPublicPage(<LoginPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');

    await user.selectOptions(screen.getByLabelText('Language'), '日本語');

    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeInTheDocument();
    expect(screen.getByLabelText('メールアドレス')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'パスワードをお忘れですか？' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ja');
    expect(document.cookie).toContain('portal_lang=ja');
    expect(localStorage.getItem('portal_lang')).toBeNull();
  });

  it('offers each language in its own name', () => {
    renderPublicPage(<LoginPage />);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['English', '日本語', 'Español', 'Français']);
  });

  it('starts in the remembered language', async () => {
    document.cookie = 'portal_lang=fr; Path=/';
    const { loadAppMessages } = await import('../../../../src/i18n/catalogs');
    await loadAppMessages('fr');
    renderPublicPage(<LoginPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Connexion');
  });
});
