/**
 * The line every confirmation carries naming the publisher it acts on (issue 21, defect 1): a write goes to the
 * publisher of this tab (session.ts), and the user sees which one before confirming. The tab's publisher unless
 * the caller names another.
 *
 *   <PublisherLine />   'Publisher: Atlas News'
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import { useSession, type Publisher } from '../dataProvider/session';
import { useI18n } from '../i18n/I18nContext';

export function PublisherLine({ publisher }: { publisher?: Pick<Publisher, 'name'> | null }) {
  const { translate } = useI18n();
  const current = useSession().publisher;
  const shown = publisher ?? current;
  if (!shown) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
      <StorefrontIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {translate('common.forPublisher', { name: shown.name })}
      </Typography>
    </Box>
  );
}
