/**
 * Boot: runtime configuration, a jwt handed over in the address (external login), the remembered language,
 * then the shell. Only the shell's public pages are in this entry chunk; react-admin comes later (Shell.tsx).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RuntimeConfigError, loadRuntimeConfig, setRuntimeConfig } from './config/runtimeConfig';
import { adoptJwtFromUrl, hasUsableToken, session } from './dataProvider/session';
import { rememberReturn } from './dataProvider/sessionLife';
import { entryRedirect, navigate } from './custom-pages/public/navigation';
import { loadAppMessages } from './i18n/catalogs';
import { applyDocumentLanguage, getCurrentLocale } from './i18n/locales';
import { englishMessages } from './i18n/en';
import { Shell } from './Shell';
import './custom-pages/public/public.css';

function hasUsableSession(): boolean {
  const state = session.get();
  // An expired session: after signing in again, the same user comes back to this page (sessionLife.ts).
  if (state.token !== null && !hasUsableToken(state)) rememberReturn(state, window.location.pathname + window.location.search + window.location.hash);
  return hasUsableToken(state);
}

function showBootFailure(root: HTMLElement, error: unknown): void {
  // Operators read the details in the console; users get the plain message (the catalogs may be what failed).
  console.error(error instanceof RuntimeConfigError ? error.message : error);
  const box = document.createElement('div');
  box.className = 'pp-message pp-message-error';
  box.setAttribute('role', 'alert');
  box.style.margin = '48px auto';
  box.style.maxWidth = '480px';
  box.textContent = englishMessages.app.loadFailed;
  root.replaceChildren(box);
}

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const locale = getCurrentLocale();
  applyDocumentLanguage(locale);
  try {
    const [config] = await Promise.all([loadRuntimeConfig(), loadAppMessages(locale).catch(() => undefined)]);
    setRuntimeConfig(config);
  } catch (error) {
    showBootFailure(container, error);
    return;
  }
  const tokenAdopted = adoptJwtFromUrl();
  // Before the admin chunk is even downloaded: to sign in without a valid token, to the chooser from /login?jwt=.
  const redirect = entryRedirect(window.location.pathname, { tokenAdopted, signedIn: hasUsableSession() });
  if (redirect !== null) navigate(redirect, { replace: true });
  createRoot(container).render(
    <StrictMode>
      <Shell />
    </StrictMode>,
  );
}

void boot();
