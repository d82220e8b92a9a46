/**
 * The first thing the browser runs. On a public path (/login, /forgot, /auth, /external-login) it draws the
 * public page straight from the entry chunk, without react-admin; once that page is idle it prefetches the
 * admin chunk. Any other path (or a public page navigating to one, e.g. after sign-in) mounts the admin app,
 * which then stays mounted and serves the public paths itself.
 */
import { Component, Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { PublicPage } from './custom-pages/public/PublicPages';
import { Busy, Button, Message } from './custom-pages/public/FormControls';
import { publicPathOf, usePathname } from './custom-pages/public/navigation';
import { ShellI18nProvider, useI18n } from './i18n/I18nContext';
import { getCurrentLocale } from './i18n/locales';

let adminModule: Promise<typeof import('./adminEntry')> | null = null;

/** Downloads the admin chunk and the catalogs of the current language (once per language). */
export function prefetchAdmin(): Promise<typeof import('./adminEntry')> {
  adminModule ??= import('./adminEntry');
  return adminModule.then(async (module) => {
    await module.preloadAdminMessages(getCurrentLocale());
    return module;
  });
}

// lazy() asks once, when the admin is first shown, so it starts in the language chosen by then.
const AdminApp = lazy(() => prefetchAdmin().then((module) => ({ default: module.App })));

function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 4000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1500);
  return () => clearTimeout(timer);
}

function PrefetchAdminWhenIdle() {
  useEffect(() => whenIdle(() => void prefetchAdmin().catch(() => undefined)), []);
  return null;
}

function BootScreen() {
  const { translate } = useI18n();
  return (
    <div className="pp-page">
      <main className="pp-main">
        <Busy label={translate('app.loading')} />
      </main>
    </div>
  );
}

function LoadFailed() {
  const { translate } = useI18n();
  return (
    <div className="pp-page">
      <main className="pp-main">
        <div className="pp-card">
          <Message tone="error">{translate('app.loadFailed')}</Message>
          <Button onClick={() => window.location.reload()}>{translate('app.reload')}</Button>
        </div>
      </main>
    </div>
  );
}

/** A failed chunk download (offline, new deployment) gets a readable message and a reload, not a blank page. */
class AdminLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The portal failed to load', error);
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

export function Shell() {
  const pathname = usePathname();
  const publicPath = publicPathOf(pathname);
  const [adminStarted, setAdminStarted] = useState(publicPath === undefined);
  if (!adminStarted && publicPath === undefined) setAdminStarted(true);

  return (
    <ShellI18nProvider>
      {adminStarted || publicPath === undefined ? (
        <AdminLoadBoundary>
          <Suspense fallback={<BootScreen />}>
            <AdminApp />
          </Suspense>
        </AdminLoadBoundary>
      ) : (
        <>
          <PublicPage path={publicPath} />
          <PrefetchAdminWhenIdle />
        </>
      )}
    </ShellI18nProvider>
  );
}
