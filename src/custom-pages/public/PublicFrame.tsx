/**
 * Frame of every public page: a card with the page title, optionally under the branded header (spec section 2:
 * the header is hidden on external-login, reset-password and forgot-password; those pages show the product
 * name on the card instead and keep the language switcher in the card's footer). Notices (shown once the admin
 * app draws these pages, e.g. after a logout) sit above the card, in the flow.
 */
import { useEffect, type ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nContext';
import { Logo } from '../../components/Logo';
import { NoticeOutlet } from '../../notices/NoticeOutlet';
import { LanguageSelect } from './LanguageSelect';
import { navigate } from './navigation';
import './public.css';
import { paths } from '../../routes';

export interface PublicFrameProps {
  title: string;
  subtitle?: string;
  showHeader?: boolean;
  children: ReactNode;
}

export function PublicFrame({ title, subtitle, showHeader = false, children }: PublicFrameProps) {
  const { translate } = useI18n();
  const appName = translate('app.name');

  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);

  return (
    <div className="pp-page">
      <a className="pp-skip" href="#main-content">
        {translate('app.skipToContent')}
      </a>
      {showHeader && (
        <header className="pp-header">
          <a
            className="pp-brand"
            href="/login"
            onClick={(event) => {
              event.preventDefault();
              navigate(paths.login);
            }}
          >
            <Logo />
            <span>{appName}</span>
          </a>
          <LanguageSelect />
        </header>
      )}
      <NoticeOutlet className="pp-notices" />
      <main className="pp-main" id="main-content" tabIndex={-1}>
        <div className="pp-card">
          {!showHeader && (
            <div className="pp-brand pp-card-brand">
              <Logo />
              <span>{appName}</span>
            </div>
          )}
          <h1>{title}</h1>
          {subtitle && <p className="pp-subtitle">{subtitle}</p>}
          {children}
          {!showHeader && (
            <div className="pp-card-footer">
              <LanguageSelect />
            </div>
          )}
        </div>
      </main>
      <footer className="pp-footer">{translate('layout.footer.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
