/**
 * The signed-in console: react-admin with the portal's providers, layout, notification surface and routes.
 * Loaded lazily by the shell (main.tsx); once mounted it stays and serves the public pages too (noLayout
 * routes), so logout -> /login happens inside it.
 *
 * <Admin> is written as its two halves, AdminContext and AdminUI, so AdminI18nBridge can sit between them and
 * give every part (layout, notices, public pages) the same useI18n(). The store is a memoryStore: react-admin's
 * default localStorage store would persist list parameters and the locale (spec section 4 allows only auth,
 * publisher and publishers state there; the language lives in a cookie, see src/i18n/locales.ts).
 *
 * The record screens are react-admin <Resource>s on the spec's paths (ARCHITECTURE.md 'Resources on the spec's
 * paths'): a Resource's name is its route prefix, so each is named by its path (resourceOf), and its views are
 * child routes (childOf), never its list/create/edit/show props, which would also serve react-admin's own
 * addresses (/x/create, /x/:id, /x/:id/show) the spec does not have: those answer Not Found. Where the path is
 * not the data provider's resource name ('account-settings/history' and 'history'), the screens name their data
 * resource themselves; the Resource's name (the ResourceContext) reaches no data call. Each view sits under its
 * RouteGuard as before, so the menu, the role table and the legacy business unit's reduced product decide alike.
 */
import { useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { AdminContext, AdminUI, Authenticated, CustomRoutes, Resource, memoryStore } from 'react-admin';
import { createAuthProvider } from './dataProvider/authProvider';
import { createDataProvider } from './dataProvider/dataProvider';
import { createQueryClient, forgetOnPublisherChange } from './dataProvider/queryClient';
import { session } from './dataProvider/session';
import { AdminI18nBridge } from './i18n/AdminI18nBridge';
import { createI18nProvider } from './i18n/i18nProvider';
import { PortalLayout } from './layout/PortalLayout';
import { RouteGuard } from './layout/RouteGuard';
import { portalTheme } from './layout/theme';
import { AdminNotifications } from './notices/AdminNotifications';
import { NoticesProvider } from './notices/NoticesProvider';
import { AccountSettingsRedirect, NotFoundPage, RootRedirect } from './layout/AdminRoutes';
import { AdminLoginRoute } from './custom-pages/login/AdminLoginRoute';
import { BrowsePage } from './custom-pages/browse/BrowsePage';
import { ExternalLoginPage } from './custom-pages/external-login/ExternalLoginPage';
import { ForgotPasswordPage } from './custom-pages/forgot/ForgotPasswordPage';
import { ResetPasswordPage } from './custom-pages/reset/ResetPasswordPage';
import { InvitationPage } from './custom-pages/invitation/InvitationPage';
import { SecurityPage } from './custom-pages/security';
import { team } from './resources/team';
import { ApiKeysPage } from './resources/apiKeys';
import { AdsTxtPage } from './custom-pages/ads-txt';
import { PasswordUpdatePage } from './custom-pages/password-update';
import { zones } from './resources/zones';
import { restrictions } from './resources/restrictions';
import { zoneDomainSelfIdentifiers } from './resources/zoneDomainSelfIdentifiers';
import { BillingPage } from './custom-pages/payments/BillingPage';
import { PaymentsPage, PreviousPaymentsPage } from './custom-pages/payments/PaymentsPage';
import { ReportingPage } from './custom-pages/reporting/ReportingPage';
import { history } from './resources/history';
import { alerts, NotificationSettingsPage } from './resources/alerts';
import { creatives } from './resources/creatives';
import { UnsubscribePage } from './custom-pages/unsubscribe/UnsubscribePage';
// The ads.txt monitor (issue 27)
import { adsTxtSites, FailingAdsTxtSiteList } from './resources/adsTxtSites';
import { childOf, paths, resourceOf, zonePaths } from './routes';

export function App() {
  const [setup] = useState(() => ({
    store: memoryStore(),
    queryClient: createQueryClient(),
    authProvider: createAuthProvider(),
    dataProvider: createDataProvider(),
    i18nProvider: createI18nProvider(),
  }));
  useEffect(() => forgetOnPublisherChange(setup.queryClient, session), [setup.queryClient]);
  return (
    <BrowserRouter>
      <NoticesProvider>
        <AdminContext
          store={setup.store}
          authProvider={setup.authProvider}
          dataProvider={setup.dataProvider}
          queryClient={setup.queryClient}
          i18nProvider={setup.i18nProvider}
          theme={portalTheme}
        >
          <AdminI18nBridge>
            <AdminUI
              disableTelemetry
              requireAuth
              loginPage={false}
              layout={PortalLayout}
              notification={AdminNotifications}
              catchAll={NotFoundPage}
            >
              <CustomRoutes noLayout>
                <Route path={paths.login} element={<AdminLoginRoute />} />
                <Route path={paths.forgot} element={<ForgotPasswordPage />} />
                <Route path={paths.reset} element={<ResetPasswordPage />} />
                <Route path={paths.externalLogin} element={<ExternalLoginPage />} />
                <Route path={paths.unsubscribe} element={<UnsubscribePage />} />
                <Route path={paths.invitation} element={<InvitationPage />} />
                <Route path={paths.browse} element={<Authenticated><BrowsePage /></Authenticated>} />
                <Route path={paths.root} element={<Authenticated><RootRedirect /></Authenticated>} />
              </CustomRoutes>
              {/* The spec's zone URLs as child routes (see resources/zones/index.ts); every one guarded, so a
                  legacy just-premium publisher gets nothing on any of them (spec section 6). */}
              <Resource name={resourceOf(zonePaths.list)} icon={zones.icon} recordRepresentation={zones.recordRepresentation} hasCreate hasEdit>
                <Route index element={<RouteGuard resource="zones"><zones.list /></RouteGuard>} />
                <Route path={childOf(zonePaths.list, zonePaths.create)} element={<RouteGuard resource="zones" action="create"><zones.create /></RouteGuard>} />
                {/* A viewer opens a zone read-only: its edit controls follow the role (zones 'edit'). */}
                <Route path={childOf(zonePaths.list, zonePaths.patterns.edit)} element={<RouteGuard resource="zones" action="show"><zones.edit /></RouteGuard>} />
                <Route path="*" element={<NotFoundPage />} />
              </Resource>
              {/* The publisher's blocks, with the blocking screen's modal routes below it (its own nested routes). */}
              <Resource name={resourceOf(paths.globalBlocks)}>
                <Route path="*" element={<RouteGuard resource="global-advertiser-blocks"><restrictions.list /></RouteGuard>} />
              </Resource>
              {/* The payment ledger; /payments (the provider's frame, no record) stays a custom route below. */}
              <Resource name={resourceOf(paths.previousPayments)}>
                <Route index element={<RouteGuard resource="payments.previous"><PreviousPaymentsPage /></RouteGuard>} />
                <Route path="*" element={<NotFoundPage />} />
              </Resource>
              <Resource name={resourceOf(paths.inclusiveInventory)}>
                <Route index element={<RouteGuard resource="account-settings.inclusive-inventory-program"><zoneDomainSelfIdentifiers.list /></RouteGuard>} />
                <Route path="*" element={<NotFoundPage />} />
              </Resource>
              <Resource name={resourceOf(paths.history)}>
                <Route index element={<RouteGuard resource="account-settings.history"><history.list /></RouteGuard>} />
                <Route path="*" element={<NotFoundPage />} />
              </Resource>
              <Resource name={resourceOf(paths.team)}>
                <Route index element={<RouteGuard resource="account-settings.team"><team.list /></RouteGuard>} />
                <Route path="*" element={<NotFoundPage />} />
              </Resource>
              <Resource name={resourceOf(paths.alerts)}>
                <Route index element={<RouteGuard resource="alerts"><alerts.list /></RouteGuard>} />
                <Route path={childOf(paths.alerts, paths.alertPattern)} element={<RouteGuard resource="alerts"><alerts.show /></RouteGuard>} />
                <Route path="*" element={<NotFoundPage />} />
              </Resource>
              {/* The ad review center (issue 28): the review at /creatives, a creative at /creatives/:creativeId. */}
              <Resource name={resourceOf(paths.creatives)}>
                <Route index element={<RouteGuard resource="creatives"><creatives.list /></RouteGuard>} />
                <Route path={childOf(paths.creatives, paths.creativePattern)} element={<RouteGuard resource="creatives"><creatives.show /></RouteGuard>} />
                <Route path="*" element={<NotFoundPage />} />
              </Resource>
              {/* The ads.txt monitor (issue 27): the publisher's sites and a site's page; network staff's failing sites. */}
              <Resource name={resourceOf(paths.adsTxtMonitor)}>
                <Route index element={<RouteGuard resource="account-settings.ads-txt-monitor"><adsTxtSites.list /></RouteGuard>} />
                <Route path={childOf(paths.adsTxtMonitor, paths.adsTxtSitePattern)} element={<RouteGuard resource="account-settings.ads-txt-monitor"><adsTxtSites.show /></RouteGuard>} />
                <Route path="*" element={<NotFoundPage />} />
              </Resource>
              <Resource name={resourceOf(paths.networkAdsTxt)}>
                <Route index element={<RouteGuard resource="network.ads-txt-monitor"><FailingAdsTxtSiteList /></RouteGuard>} />
                <Route path="*" element={<NotFoundPage />} />
              </Resource>
              <CustomRoutes>
                <Route path={paths.home} element={<Navigate to={paths.reporting()} replace />} />
                <Route path={paths.reporting(':reportingType')} element={<RouteGuard resource="reporting"><ReportingPage /></RouteGuard>} />
                <Route path={paths.payments} element={<RouteGuard resource="payments"><PaymentsPage /></RouteGuard>} />
                <Route path={paths.accountSettings} element={<AccountSettingsRedirect />} />
                <Route
                  path={paths.adsTxt}
                  element={<RouteGuard resource="account-settings.authorized-digital-sellers"><AdsTxtPage /></RouteGuard>}
                />
                <Route path={paths.billing} element={<RouteGuard resource="account-settings.billing"><BillingPage /></RouteGuard>} />
                <Route
                  path={paths.passwordUpdate}
                  element={<RouteGuard resource="account-settings.password-update"><PasswordUpdatePage /></RouteGuard>}
                />
                <Route
                  path={paths.notificationSettings}
                  element={<RouteGuard resource="account-settings.notifications"><NotificationSettingsPage /></RouteGuard>}
                />
                <Route path={paths.security} element={<RouteGuard resource="account-settings.security"><SecurityPage /></RouteGuard>} />
                <Route path={paths.apiKeys} element={<RouteGuard resource="account-settings.api-keys"><ApiKeysPage /></RouteGuard>} />
              </CustomRoutes>
            </AdminUI>
          </AdminI18nBridge>
        </AdminContext>
      </NoticesProvider>
    </BrowserRouter>
  );
}
