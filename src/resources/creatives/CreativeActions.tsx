/**
 * What a user may do with a creative from the review (issue 28), each button shown by its own operation's answer
 * in the role table (useMayCall; a viewer sees none, and the server refuses anyway): block it, its advertiser or its
 * domain (BlockCreativeDialog, revenue at stake first), report it (ReportCreativeDialog), and unblock it where the
 * publisher or its zones block it. Each button's name names the creative, so a grid of them reads apart.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import type { CreativeRecord } from '../../dataProvider/resources';
import { useMayCall } from '../../dataProvider/useMayCall';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { BlockCreativeDialog } from './BlockCreativeDialog';
import { ReportCreativeDialog } from './ReportCreativeDialog';
import { creativeName } from './creativeText';
import { useUnblockCreative } from './useCreativeBlocks';

export function CreativeActions({ creative, zoneId }: { creative: CreativeRecord; zoneId?: number }) {
  const { translate } = useI18n();
  const { publisher } = useSession();
  const mayBlock = useMayCall('createRestrictions');
  const mayUnblock = useMayCall('changeRestrictions');
  const mayReport = useMayCall('reportCreative');
  const [open, setOpen] = useState<'block' | 'report' | null>(null);
  const unblock = useUnblockCreative();
  const name = creativeName(creative, translate);
  const label = (key: string, values: Record<string, unknown> = {}) => translate(`creatives.actions.${key}Label`, { name, ...values });
  const unblockAll = async () => {
    if (!publisher) return;
    if (creative.blockedGlobally) await unblock.mutateAsync({ entity: 'publisher', entityId: publisher.id, creativeId: creative.id });
    for (const entityId of creative.blockedZoneIds) await unblock.mutateAsync({ entity: 'zone', entityId, creativeId: creative.id });
  };
  if (!mayBlock && !mayReport) return null;
  return (
    <>
      {mayBlock && (
        <Button size="small" variant="contained" color="error" onClick={() => setOpen('block')} aria-label={label('block')}>
          {translate('creatives.actions.block')}
        </Button>
      )}
      {mayUnblock && (creative.blockedGlobally || creative.blockedZoneIds.length > 0) && (
        <Button size="small" variant="outlined" disabled={unblock.isPending} onClick={() => void unblockAll().catch(() => undefined)} aria-label={label('unblock')}>
          {translate('creatives.actions.unblock')}
        </Button>
      )}
      {mayReport && (
        <Button size="small" variant="text" onClick={() => setOpen('report')} aria-label={label('report')}>
          {translate('creatives.actions.report')}
        </Button>
      )}
      {open === 'block' && <BlockCreativeDialog creative={creative} zoneId={zoneId} onClose={() => setOpen(null)} />}
      {open === 'report' && <ReportCreativeDialog creative={creative} onClose={() => setOpen(null)} />}
    </>
  );
}
