/**
 * The ads.txt monitor's console (issue 27): the selected publisher's monitored sites and each site's page, network
 * staff's failing sites across publishers, and the home's one-line summary.
 *
 *   /account-settings/ads-txt-monitor           AdsTxtSiteList (with the sellers.json setting)
 *   /account-settings/ads-txt-monitor/:siteId   AdsTxtSitePage (the file, the lines to add, Check now)
 *   /network/ads-txt-monitor                    FailingAdsTxtSiteList (network staff)
 *   the home (reporting)                        AdsTxtSummary
 *
 * App.tsx mounts `adsTxtSites.list` and `adsTxtSites.show` as the <Resource> of the monitor's path (show at the
 * spec-style /…/:siteId, not react-admin's /:id/show). Other features import this folder only through this file.
 */
import type { ComponentType } from 'react';
import { AdsTxtSiteList } from './AdsTxtSiteList';
import { AdsTxtSitePage } from './AdsTxtSitePage';

export { AdsTxtSummary } from './AdsTxtSummary';
export { FailingAdsTxtSiteList } from './FailingAdsTxtSiteList';
export { AdsTxtSiteList, AdsTxtSitePage };
export const adsTxtSites: { list: ComponentType; show: ComponentType } = { list: AdsTxtSiteList, show: AdsTxtSitePage };
