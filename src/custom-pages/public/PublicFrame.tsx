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
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { EXTERNAL_LINKS, publisherTermsUrl } from '../../config/externalLinks';
import { environmentBannerKey } from '../../lib/publisherRules';
import { LanguageSelect } from './LanguageSelect';
import { Busy } from './FormControls';
import { navigate } from './navigation';
import './public.css';
import { paths } from '../../routes';

export interface PublicFrameProps {
  title: string;
  subtitle?: string;
  showHeader?: boolean;
  children: ReactNode;
}

/** 'Staging' or 'Development', as the portal's header says it, so nobody signs in to a test portal by mistake. */
function EnvironmentBadge() {
  const { translate } = useI18n();
  const key = environmentBannerKey(getRuntimeConfig().environment);
  if (key === null) return null;
  return (
    <span className="pp-environment" aria-label={`${translate('layout.environment.label')}: ${translate(key)}`}>
      {translate(key)}
    </span>
  );
}

/**
 * The portal footer's links (spec section 1) on the public pages too (issue 21): FAQs, opt-out, privacy policy, the
 * publisher terms (no publisher is chosen here: the terms the portal shows then) and the GDPR notice.
 */
function PublicFooter() {
  const { translate } = useI18n();
  const hint = ` ${translate('layout.footer.opensInNewTab')}`;
  const links = [
    { href: getRuntimeConfig().faqUrl, label: translate('layout.footer.faq') },
    { href: EXTERNAL_LINKS.optOut, label: translate('layout.footer.optOut') },
    { href: EXTERNAL_LINKS.privacyPolicy, label: translate('layout.footer.privacyPolicy') },
    { href: publisherTermsUrl(false), label: translate('layout.footer.publisherTerms') },
  ];
  return (
    <footer className="pp-footer">
      <ul className="pp-footer-links" aria-label={translate('layout.footer.label')}>
        {links.map((link) => (
          <li key={link.label}>
            <a className="pp-link" href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <span className="pp-visually-hidden">{hint}</span>
            </a>
          </li>
        ))}
      </ul>
      <p>{translate('layout.footer.gdprNotice')}</p>
      <p>{translate('layout.footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
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
            href={paths.login}
            onClick={(event) => {
              event.preventDefault();
              navigate(paths.login);
            }}
          >
            <Logo />
            <span>{appName}</span>
          </a>
          <div className="pp-header-end">
            <EnvironmentBadge />
            <LanguageSelect />
          </div>
        </header>
      )}
      <NoticeOutlet className="pp-notices" />
      <main className="pp-main" id="main-content" tabIndex={-1}>
        <div className="pp-card">
          {!showHeader && (
            <div className="pp-brand pp-card-brand">
              <Logo />
              <span>{appName}</span>
              <EnvironmentBadge />
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
      <PublicFooter />
    </div>
  );
}

/** A page whose e-mailed link is being checked (reset, invitation): the frame with a spinner that says so. */
export function CheckingFrame({ title, label }: { title: string; label: string }) {
  return (
    <PublicFrame title={title}>
      <Busy label={label} />
    </PublicFrame>
  );
}
