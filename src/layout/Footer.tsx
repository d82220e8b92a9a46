/**
 * The portal footer (contentinfo landmark, spec section 1): copyright, FAQs (config.faqUrl), opt-out, privacy
 * policy, the publisher terms that apply to the selected publisher (usesNewTermsLink) and the GDPR notice.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { EXTERNAL_LINKS, publisherTermsUrl } from '../config/externalLinks';
import { useSession } from '../dataProvider/session';
import { useI18n } from '../i18n/I18nContext';
import { isLegacyJustPremium } from '../lib/businessUnits';
import { usesNewTermsLink } from '../lib/publisherRules';
import visuallyHidden from '@mui/utils/visuallyHidden';

function ExternalLink({ href, label }: { href: string; label: string }) {
  const { translate } = useI18n();
  return (
    <li>
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {label}
        <Box component="span" sx={visuallyHidden}>
          {` ${translate('layout.footer.opensInNewTab')}`}
        </Box>
      </Link>
    </li>
  );
}


export function Footer() {
  const { translate } = useI18n();
  const { publisher } = useSession();
  const termsUrl = publisherTermsUrl(
    publisher !== null &&
      usesNewTermsLink({ isLegacyJustPremium: isLegacyJustPremium(publisher), createdAt: publisher.createdAt }),
  );
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', px: 3, py: 2, color: 'text.secondary', bgcolor: 'background.paper' }}
    >
      <Box
        component="ul"
        aria-label={translate('layout.footer.label')}
        sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 3, m: 0, p: 0, fontSize: '0.875rem' }}
      >
        <ExternalLink href={getRuntimeConfig().faqUrl} label={translate('layout.footer.faq')} />
        <ExternalLink href={EXTERNAL_LINKS.optOut} label={translate('layout.footer.optOut')} />
        <ExternalLink href={EXTERNAL_LINKS.privacyPolicy} label={translate('layout.footer.privacyPolicy')} />
        <ExternalLink href={termsUrl} label={translate('layout.footer.publisherTerms')} />
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        {translate('layout.footer.gdprNotice')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate('layout.footer.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
