/**
 * The cells of a change-history row: who (network staff marked, the signed-in user's own entries '(you)'), what (the
 * kind, the place linking to the object, and the readable diff) and the undo with what undid or was undone.
 */
import { Fragment, useState } from 'react';
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
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PublisherLine } from '../../components/PublisherLine';
import { isLargeUndo, LARGE_UNDO_ITEMS, undoItemCount, undoLines } from '../../lib/history';
import { HistoryChange, useDiffSentences } from './HistoryChange';
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

/**
 * An e-mail address that wraps only after its '@' or before a dot, never in the middle of a word (issue 21); a
 * single part longer than the column still breaks (overflow-wrap: break-word on the parent) rather than overflow.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

export function Author({ entry, currentUserId }: { entry: HistoryRecord; currentUserId: number | undefined }) {
  const { translate } = useI18n();
  const { author } = entry;
  const name = author.id === currentUserId ? translate('history.you', { name: author.name }) : author.name;
  return (
    <>
      <Typography variant="body2">{name}</Typography>
      {author.internal ? (
        <Chip
          size="small"
          variant="outlined"
          color="secondary"
          label={translate('history.networkStaff')}
          // Wraps rather than cut the words off in a narrow column.
          sx={{ mt: 0.5, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      ) : (
        author.email && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'break-word' }}>
            <EmailText email={author.email} />
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

/** Names in the large undo's confirmation before the rest are counted. */
const CONFIRM_NAMED_ITEMS = 50;

/**
 * A large undo's confirmation (issue 21): it changes more than a history row names (LARGE_UNDO_ITEMS), so it says
 * what it will change, where and for which publisher, before doing it.
 */
/**
 * The undo's confirmation: a large undo lists what it will do (a row shows only part of it); an undo asked from a
 * revenue alert (`stake`) names what the change put at stake first (issue 30), then what the undo does.
 */
function UndoConfirm({ entry, large, stake, open, onCancel, onConfirm }: { entry: HistoryRecord; large: boolean; stake?: string; open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { translate } = useI18n();
  const sentences = useDiffSentences();
  const lines = undoLines(entry);
  return (
    <ConfirmDialog open={open} title={translate('history.undo.confirmTitle', { id: entry.id })} confirmLabel={translate('history.undo.action')} onCancel={onCancel} onConfirm={onConfirm}>
      {stake && (
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('history.undo.stake', { stake })}
        </Typography>
      )}
      <Typography variant="body2">
        {large ? translate('history.undo.largeWhy', { smart_count: undoItemCount(lines), named: LARGE_UNDO_ITEMS }) : translate('history.undo.willDo')}
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5, overflowWrap: 'anywhere' }}>
        {sentences(lines, { multiZone: entry.zone === null, named: CONFIRM_NAMED_ITEMS }).map((sentence, index) => (
          <Typography component="li" variant="body2" key={index}>
            {sentence}
          </Typography>
        ))}
      </Box>
      {entry.zone && (
        <Typography variant="body2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
          {translate('history.undo.inZone', { name: entry.zone.name })}
        </Typography>
      )}
      <PublisherLine />
    </ConfirmDialog>
  );
}

/** `stake`: what the change put at stake, from a revenue alert; the undo then always asks first, naming it. */
export function UndoCell({ entry, undo, allowed, stake }: { entry: HistoryRecord; undo: Undo; allowed: boolean; stake?: string | null }) {
  const { translate } = useI18n();
  const [asking, setAsking] = useState(false);
  const large = entry.reversible && isLargeUndo(entry);
  const asks = large || (entry.reversible && Boolean(stake));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      {entry.reversible && allowed && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<UndoIcon aria-hidden />}
          aria-label={translate('history.undo.label', { id: entry.id })}
          disabled={undo.isPending}
          onClick={() => (asks ? setAsking(true) : undo.mutate(entry))}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {translate('history.undo.action')}
        </Button>
      )}
      {asks && (
        <UndoConfirm
          entry={entry}
          large={large}
          stake={stake ?? undefined}
          open={asking}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            undo.mutate(entry);
          }}
        />
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

