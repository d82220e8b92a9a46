/**
 * /account-settings/ads-txt-monitor/:siteId (issue 27): one monitored site of the selected publisher: its status in
 * words, last and next crawl, OWNERDOMAIN against the publisher's sellers.json domain, the exact lines to add with
 * one copy button, the file as last fetched with the problem lines marked, and "Check now" for the roles the role
 * table lets call checkAdsTxtSite. An id that names no site of the publisher (missing or another publisher's: the
 * server answers 404 for both) says so.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { HttpError, useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CodeBlock } from '../../components/CodeBlock';
import { CopyButton } from '../../components/CopyButton';
import { LoadError } from '../../components/LoadError';
import { useListReturnPath } from '../../components/list/useListUrlState';
import { PageLayout } from '../../components/PageLayout';
import { SectionCard } from '../../components/SectionCard';
import type { AdsTxtSiteDetailRecord } from '../../dataProvider/resources';
import { useMayCall } from '../../dataProvider/useMayCall';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { paths } from '../../routes';
import { AdsTxtFile, problemText } from './AdsTxtFile';
import { StatusChip } from './AdsTxtSiteCells';
import { formatStake, lastCrawl, statusExplanation } from './siteText';
import { useCheckNow } from './useCheckNow';

const isNotFound = (error: unknown) => error instanceof HttpError && [400, 404].includes(error.status);
const SITE_ID = /^\d{1,10}$/;

export function AdsTxtSitePage() {
  const { siteId = '' } = useParams();
  return SITE_ID.test(siteId) ? <SiteScreen siteId={Number(siteId)} /> : <SiteNotFound />;
}

function BackButton() {
  const { translate } = useI18n();
  return (
    <Button component={RouterLink} to={useListReturnPath(paths.adsTxtMonitor)}>
      {translate('adsTxtMonitor.site.back')}
    </Button>
  );
}

function SiteNotFound() {
  const { translate } = useI18n();
  return (
    <PageLayout titleKey="adsTxtMonitor.site.notFoundTitle" actions={<BackButton />}>
      <Typography>{translate('adsTxtMonitor.site.notFound')}</Typography>
    </PageLayout>
  );
}

function SiteScreen({ siteId }: { siteId: number }) {
  const { translate } = useI18n();
  const { data: site, error, isPending, refetch } = useGetOne<AdsTxtSiteDetailRecord>('adsTxtSites', { id: siteId });
  if (isPending) {
    return (
      <PageLayout titleKey="adsTxtMonitor.site.loading">
        <LinearProgress aria-label={translate('common.loading')} />
      </PageLayout>
    );
  }
  if (site === undefined) {
    if (isNotFound(error)) return <SiteNotFound />;
    return (
      <PageLayout titleKey="adsTxtMonitor.site.loading" actions={<BackButton />}>
        <LoadError onRetry={() => void refetch()} />
      </PageLayout>
    );
  }
  return <SiteDetail site={site} />;
}

function SiteDetail({ site }: { site: AdsTxtSiteDetailRecord }) {
  const { translate, locale } = useI18n();
  const mayCheck = useMayCall('checkAdsTxtSite');
  const check = useCheckNow();
  const t = (key: string, values?: Record<string, unknown>) => translate(`adsTxtMonitor.site.${key}`, { file: site.kind, domain: site.domain, ...values });
  const fact = (label: string, value: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <PageLayout title={t('title')} actions={<BackButton />}>
      <SectionCard
        title={t('statusTitle')}
        actions={
          mayCheck && (
            <Button variant="contained" disabled={check.isPending} onClick={() => check.mutate(site)} aria-label={t('checkLabel')}>
              {translate('adsTxtMonitor.check.button')}
            </Button>
          )
        }
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box role="status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <StatusChip site={site} size="medium" />
            <Typography>{statusExplanation(site, translate, locale)}</Typography>
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 2 }}>
            {fact(t('lastCrawl'), lastCrawl(site, translate, locale))}
            {fact(t('nextCrawl'), formatMoment(site.nextCrawlAt, locale))}
            {fact(t('revenueAtStake'), formatStake(site.revenueAtStake, locale))}
            {fact(t('zones'), String(site.zoneCount))}
          </Box>
          {site.failure && site.status !== 'AUTHORISED' && <Typography variant="body2">{t('failure', { failure: site.failure })}</Typography>}
          {site.ownerDomainMatches === false && <Alert severity="warning">{t('ownerDomainMismatch', { owner: site.ownerDomain ?? '', expected: site.sellersJsonDomain ?? '' })}</Alert>}
        </Box>
      </SectionCard>
      {site.linesToAdd !== '' && (
        <SectionCard title={t('linesToAddTitle')} actions={<CopyButton text={site.linesToAdd} label={t('copyLines')} />}>
          <Typography sx={{ mb: 2 }}>{t('linesToAddIntro')}</Typography>
          <CodeBlock label={t('linesToAddCode')}>{site.linesToAdd}</CodeBlock>
        </SectionCard>
      )}
      <SectionCard title={t('fileTitle')}>
        {site.file ? (
          <>
            <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {t('fetched', { url: site.file.url, at: formatMoment(site.file.fetchedAt, locale), smart_count: site.file.lineCount })}
            </Typography>
            {site.problemLines.length > 0 && (
              <Box component="ul" aria-label={t('problemsLabel')} sx={{ mt: 0, pl: 3 }}>
                {site.problemLines.map((problem) => (
                  <li key={problem.line}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {problemText(problem, translate)}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
            <AdsTxtFile text={site.file.text} problems={site.problemLines} label={t('fileLabel')} />
          </>
        ) : (
          <Typography color="text.secondary">{t('noFile')}</Typography>
        )}
      </SectionCard>
    </PageLayout>
  );
}
