/**
 * /home/{reportingType} (spec section 2 'Reporting'): the tabs of the report types this publisher may see and the
 * dashboard of the chosen one, embedded 1300 px high, with the help button on the tabs the spec lists (floating from
 * 600 px, beside the title on a phone).
 *
 * - The publisher is read again when the page opens (GET /publishers/{id}, spec section 7: its in-video flag may
 *   have changed since it was chosen); the tabs follow the fresh answer, and the stored publisher is updated.
 * - An address home/{type} that names no report type, or one this publisher may not see, moves to
 *   /home/reporting (publisher-campaigns to the passback tab, src/lib/reports.ts). A type the stored publisher
 *   does not have waits for the fresh publisher before moving, so a newly added in-video zone is not sent away.
 * - The dashboard's address is asked with the signed-in user's names and the console's language.
 */
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { useGetOne } from 'react-admin';
import { Link, Navigate, useParams } from 'react-router-dom';
import { EmbeddedFrame } from '../../components/frame/EmbeddedFrame';
import { useFrameAddress } from '../../components/frame/useFrameAddress';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { session, useSession, type Publisher } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { PageLayout } from '../../components/PageLayout';
import {
  availableReportTabs,
  HELP_REPORT_TABS,
  isReportType,
  reportingFactsOf,
  reportTabFor,
  TAB_REPORT_IDS,
  type ReportTab,
} from '../../lib/reports';
import { paths } from '../../routes';
import { AdsTxtSummary } from '../../resources/adsTxtSites';

export const REPORTING_FRAME_HEIGHT = 1300;

/** The dashboard service wants a first and a last name; the token has one name. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

export function ReportingPage() {
  const { reportingType } = useParams();
  const { publisher: stored, token } = useSession();
  const fresh = useGetOne<Publisher>('publishers', { id: stored?.id ?? 0 }, { enabled: stored !== null });

  // Keep the stored publisher (menu, guards, other pages) as fresh as the one read here.
  useEffect(() => {
    const current = session.get().publisher;
    if (fresh.data && current?.id === fresh.data.id && JSON.stringify(current) !== JSON.stringify(fresh.data)) session.setPublisher(fresh.data);
  }, [fresh.data]);

  if (stored === null || token === null) return null;
  const publisher = fresh.data ?? stored;
  const facts = reportingFactsOf(publisher);
  const tab = reportTabFor(reportingType, facts);
  if (tab !== reportingType) {
    const mayAppear = isReportType(reportingType) && fresh.isPending;
    return mayAppear ? null : <Navigate to={paths.reporting(tab)} replace />;
  }
  return <ReportingTabs tab={tab} tabs={availableReportTabs(facts)} publisherId={publisher.id} user={token.user} />;
}

interface ReportingTabsProps {
  tab: ReportTab;
  tabs: ReportTab[];
  publisherId: number;
  user: { id: number; name: string };
}

function ReportingTabs({ tab, tabs, publisherId, user }: ReportingTabsProps) {
  const { translate, locale } = useI18n();
  const reportId = TAB_REPORT_IDS[tab];
  const address = useFrameAddress(['dashboard', publisherId, reportId, locale, user.id], (dataProvider, signal) =>
    dataProvider.getDashboardUrl({ userId: user.id, ...splitName(user.name), entityId: publisherId, lookerReportId: reportId, locale }, signal),
  );
  const label = translate(`reporting.types.${tab}`);
  return (
    <PageLayout
      titleKey="reporting.title"
      actions={
        HELP_REPORT_TABS.includes(tab) && (
          // Floating in the corner from 600 px; on a phone it would cover the dashboard (its key figures first),
          // so there it sits beside the title instead (issue 30, item 12).
          <Fab
            component="a"
            href={getRuntimeConfig().faqUrl}
            target="_blank"
            rel="noopener noreferrer"
            color="primary"
            aria-label={translate('reporting.help')}
            sx={{ position: { xs: 'static', sm: 'fixed' }, right: 24, bottom: 24, boxShadow: { xs: 'none', sm: 6 } }}
          >
            <HelpOutlineIcon aria-hidden />
          </Fab>
        )
      }
    >
      {/* The ads.txt monitor's one line when sites fail (issue 27). */}
      <AdsTxtSummary />
      <Tabs value={tab} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={translate('reporting.tabs')}>
        {tabs.map((type) => (
          <Tab key={type} value={type} label={translate(`reporting.types.${type}`)} component={Link} to={paths.reporting(type)} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={label}>
        <EmbeddedFrame
          address={address}
          title={translate('reporting.frameTitle', { report: label })}
          height={REPORTING_FRAME_HEIGHT}
          loadingKey="reporting.loading"
          failureKey="reporting.unavailable"
          noDataKey="reporting.noData"
        />
      </Box>
    </PageLayout>
  );
}
