/**
 * The changes before an alert's drop, most likely cause first (issue 23): each with what it put at stake, who made
 * it (network staff marked) and when, its readable diff, and the History page's own Undo (useUndo, UndoCell: the
 * same call, rules and refusals), which asks first here, naming what the change put at stake (issue 30). When no change preceded the drop, or none had revenue at stake, it says so: the
 * cause is then likely outside the account.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RevenueAlertDetailRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { Author, HistoryChange, UndoCell, useMayUndo, useUndo } from '../history';
import { AdsTxtChange } from './AlertCells';
import { causeStake } from './alertText';

export function AlertCauses({ alert }: { alert: RevenueAlertDetailRecord }) {
  const { translate, locale } = useI18n();
  const { token } = useSession();
  const undo = useUndo();
  const mayUndo = useMayUndo();
  if (!alert.causesAvailable) return <Typography>{translate('alerts.detail.noHistory')}</Typography>;
  const anyAtStake = alert.causes.some((cause) => cause.effect !== 'NONE');
  return (
    <Box component="section" aria-labelledby="alert-causes" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id="alert-causes" variant="h6" component="h2">
        {translate('alerts.detail.causes')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('alerts.detail.causesHint')}
      </Typography>
      {!anyAtStake && (
        <Typography role="note" sx={{ fontWeight: 600 }}>
          {translate(alert.causes.length === 0 ? 'alerts.noCause' : 'alerts.nothingAtStake')}
        </Typography>
      )}
      {alert.causes.length > 0 && (
        <Box component="ol" aria-label={translate('alerts.detail.causesList')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {alert.causes.map((cause) =>
            // An ads.txt change the monitor found (issue 27): its site and the lines lost; nothing to undo here.
            cause.adsTxtChange ? (
              <Paper component="li" key={`ads-txt-${cause.adsTxtChange.id}`} variant="outlined" sx={{ p: 2 }}>
                <Typography variant="subtitle2" component="p">
                  {translate(`alerts.effects.${cause.effect === 'NONE' ? 'ADS_TXT_LINES_LOST' : cause.effect}`)}
                </Typography>
                <AdsTxtChange change={cause.adsTxtChange} />
                {cause.effect !== 'NONE' && (
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {causeStake(cause, alert.currency, translate, locale)}
                  </Typography>
                )}
              </Paper>
            ) : cause.entry ? (
            <Paper component="li" key={cause.entry.id} variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
              <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                <Typography variant="subtitle2" component="p">
                  {/* The effect says what the change was ('New blocks'); only a change with nothing at stake is named by its kind. */}
                  {translate(`alerts.effects.${cause.effect}`)}
                  {cause.effect === 'NONE' ? ` · ${translate(`history.kinds.${cause.entry.kind}`)}` : ''}
                  {cause.entry.zone ? ` · ${cause.entry.zone.name}` : ''}
                </Typography>
                <HistoryChange entry={cause.entry} />
                {cause.effect !== 'NONE' && (
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {causeStake(cause, alert.currency, translate, locale)}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary">
                  {formatMoment(cause.entry.at, locale)} · {translate('history.entryNumber', { id: cause.entry.id })}
                </Typography>
              </Box>
              <Box sx={{ flex: '0 1 180px' }}>
                <Author entry={cause.entry} currentUserId={token?.user.id} />
              </Box>
              <Box sx={{ flex: '0 0 auto' }}>
                <UndoCell entry={cause.entry} undo={undo} allowed={mayUndo(cause.entry)} stake={causeStake(cause, alert.currency, translate, locale)} />
              </Box>
            </Paper>
            ) : null,
          )}
        </Box>
      )}
      {alert.otherChanges > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('alerts.detail.others', { smart_count: alert.otherChanges })}
        </Typography>
      )}
    </Box>
  );
}
