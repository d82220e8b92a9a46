/**
 * GDPR acceptance (spec sections 2 'Common UI', 4 'GDPR', 6): shown to external users whose selected publisher
 * has not accepted; one accept button, no reject. It links to the terms it asks to accept (config.gdprTermsUrl,
 * PORTAL_GDPR_TERMS_URL) and names the publisher accepting them (issue 21). Accepting stores the answer's gdprAcceptedAt on the stored
 * publisher (and in the publisher list), which hides the banner. Internal users never see it (the server would
 * refuse them anyway). A failed call leaves the banner and shows the general error notice.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { PublisherLine } from '../components/PublisherLine';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { session, useSession, type Publisher } from '../dataProvider/session';
import { useI18n } from '../i18n/I18nContext';
import { useWrite } from '../notices/useWrite';
import { useMayCall } from '../dataProvider/useMayCall';

/** The stored publisher, and its entry in the stored list, as accepted. */
function storeAcceptance(publisher: Publisher, gdprAcceptedAt: string) {
  const accepted = { ...publisher, gdprAcceptedAt };
  session.setPublisher(accepted);
  const { publishers } = session.get();
  if (publishers.some((entry) => entry.id === accepted.id)) {
    session.setPublishers(publishers.map((entry) => (entry.id === accepted.id ? accepted : entry)));
  }
}

export function GdprBanner() {
  const { translate } = useI18n();
  const { token, publisher } = useSession();
  const accept = useWrite('acceptGdpr', {
    mutationFn: (accepting: Publisher, dataProvider) => dataProvider.acceptGdpr(accepting.id),
    onSuccess: ({ gdprAcceptedAt }, accepted) => storeAcceptance(accepted, gdprAcceptedAt),
  });
  const busy = accept.isPending;
  // Accepting binds the whole publisher: its admins do it; other members are told so (issue 22).
  const mayAccept = useMayCall('acceptGdpr');
  const titleId = useId();

  if (token === null || token.isInternal || publisher === null || publisher.gdprAcceptedAt) return null;

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        mt: 3,
        p: 2,
        display: 'flex',
        gap: 2,
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        borderColor: 'primary.main',
        bgcolor: '#eef3fb',
      }}
    >
      <PrivacyTipIcon color="primary" aria-hidden="true" />
      <div style={{ flex: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('layout.gdpr.title')}
        </Typography>
        <Typography variant="body2">
          {translate('layout.gdpr.message')}{' '}
          <Link href={getRuntimeConfig().gdprTermsUrl} target="_blank" rel="noopener noreferrer" underline="always">
            {translate('layout.gdpr.readTerms')}
            <Box component="span" sx={visuallyHidden}>
              {` ${translate('layout.footer.opensInNewTab')}`}
            </Box>
          </Link>
        </Typography>
        <Box sx={{ mt: 0.5 }}>
          <PublisherLine publisher={publisher} />
        </Box>
      </div>
      {mayAccept ? (
        <Button variant="contained" onClick={() => accept.mutate(publisher)} disabled={busy}>
          {translate(busy ? 'layout.gdpr.accepting' : 'layout.gdpr.accept')}
        </Button>
      ) : (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {translate('layout.gdpr.askAdmin')}
        </Typography>
      )}
    </Paper>
  );
}
