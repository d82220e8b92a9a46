/**
 * 'Acting for {publisher}' in the header while network staff work for a publisher (issue 12, spec section 6:
 * internal users act on publishers' behalf), so it is never in doubt whose account a change goes to; the history
 * records the change as theirs and shows it to the publisher as made by network staff. Publishers' own users see
 * nothing here (the menu names their publisher).
 */
import Chip from '@mui/material/Chip';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { useSession } from '../dataProvider/session';
import { useI18n } from '../i18n/I18nContext';

export function ActingFor() {
  const { translate } = useI18n();
  const { token, publisher } = useSession();
  if (!token?.isInternal || publisher === null) return null;
  return (
    <Chip
      role="status"
      icon={<SupportAgentIcon aria-hidden />}
      label={translate('history.actingFor', { publisher: publisher.name })}
      title={translate('history.actingForHint')}
      // White on the coloured bar: it stands out from the bar's own text and keeps its contrast in every theme.
      sx={{ bgcolor: 'common.white', color: 'text.primary', fontWeight: 600, minWidth: 0, maxWidth: { xs: 180, sm: 360 }, '& .MuiChip-icon': { color: 'text.primary' } }}
    />
  );
}
