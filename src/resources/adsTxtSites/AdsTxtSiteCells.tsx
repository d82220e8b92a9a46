/** The parts of a monitored site both lists and the site's page show (issue 27): its status chip and its domain. */
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { AdsTxtSiteRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { STATUS_COLOR, statusName } from './siteText';

export function StatusChip({ site, size = 'small' }: { site: AdsTxtSiteRecord; size?: 'small' | 'medium' }) {
  const { translate } = useI18n();
  return <Chip size={size} color={STATUS_COLOR[site.status]} variant={site.status === 'NOT_CRAWLED' ? 'outlined' : 'filled'} label={statusName(site.status, translate)} />;
}

/** The domain and the file read there; a link to the site's page when `to` is given. */
export function SiteName({ site, to }: { site: AdsTxtSiteRecord; to?: string }) {
  const { translate } = useI18n();
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {to ? (
          <Link component={RouterLink} to={to} underline="always">
            {site.domain}
          </Link>
        ) : (
          site.domain
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {site.declaredBy ? translate('adsTxtMonitor.declaredBy', { file: site.kind, root: site.declaredBy }) : site.kind}
      </Typography>
    </>
  );
}
