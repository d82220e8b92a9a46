/**
 * The cells of a change-history row: who (network staff marked, the signed-in user's own entries '(you)'), what (the
 * kind, the place linking to the object, and the readable diff) and the undo with what undid or was undone.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import UndoIcon from '@mui/icons-material/Undo';
import { Link as RouterLink } from 'react-router-dom';
import type { HistoryRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { paths, zonePaths } from '../../routes';
import { HistoryChange } from './HistoryChange';
import type { Undo } from './useUndo';

/** Where the changed object is, when it has a screen. */
function objectLink(entry: HistoryRecord): string | undefined {
  const zone = entry.zone;
  switch (entry.kind) {
    case 'ZONE':
    case 'PRODUCTS':
    case 'BLOCKED_URLS':
      return zone ? zonePaths.overview(zone.id) : undefined;
    case 'SLOTS':
      return zone ? zonePaths.edit(zone.id, 'slots') : undefined;
    case 'BLOCKS':
      return zone ? zonePaths.edit(zone.id, 'blocking') : paths.globalBlocks;
    case 'SELF_IDENTIFIERS':
      return paths.inclusiveInventory;
    default:
      return undefined;
  }
}

export function Author({ entry, currentUserId }: { entry: HistoryRecord; currentUserId: number | undefined }) {
  const { translate } = useI18n();
  const { author } = entry;
  const name = author.id === currentUserId ? translate('history.you', { name: author.name }) : author.name;
  return (
    <>
      <Typography variant="body2">{name}</Typography>
      {author.internal ? (
        <Chip size="small" variant="outlined" color="secondary" label={translate('history.networkStaff')} sx={{ mt: 0.5, maxWidth: '100%' }} />
      ) : (
        author.email && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {author.email}
          </Typography>
        )
      )}
    </>
  );
}

export function What({ entry, inZone }: { entry: HistoryRecord; inZone: boolean }) {
  const { translate } = useI18n();
  const link = inZone ? undefined : objectLink(entry);
  const place = entry.zone?.name ?? (entry.kind === 'BLOCKS' ? translate('menu.globalAdvertiserBlocks') : entry.kind === 'SELF_IDENTIFIERS' ? translate('menu.inclusiveInventoryProgram') : translate('history.publisherWide'));
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate(`history.kinds.${entry.kind}`)}
        {!inZone && (
          <>
            {' · '}
            {link ? (
              <Link component={RouterLink} to={link} underline="always">
                {place}
              </Link>
            ) : (
              place
            )}
          </>
        )}
      </Typography>
      <HistoryChange entry={entry} />
    </>
  );
}

export function UndoCell({ entry, undo, allowed }: { entry: HistoryRecord; undo: Undo; allowed: boolean }) {
  const { translate } = useI18n();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      {entry.reversible && allowed && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<UndoIcon aria-hidden />}
          aria-label={translate('history.undo.label', { id: entry.id })}
          disabled={undo.isPending}
          onClick={() => undo.mutate(entry)}
        >
          {translate('history.undo.action')}
        </Button>
      )}
      {entry.undoneBy !== null && (
        <Typography variant="caption" color="text.secondary">
          {translate('history.undo.undoneBy', { id: entry.undoneBy })}
        </Typography>
      )}
      {entry.undoes !== null && (
        <Typography variant="caption" color="text.secondary">
          {translate('history.undo.undoes', { id: entry.undoes })}
        </Typography>
      )}
    </Box>
  );
}

