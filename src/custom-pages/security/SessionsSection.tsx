/**
 * The signed-in user's active sessions (issue 22): the device (browser and system the server read from the user
 * agent), the address, when it signed in and was last seen, this one marked; end one, or sign out everywhere
 * else (EndOtherSessionsDialog, with the password). Ending refuses that session's tokens at once on the server;
 * signing out everywhere else answers a fresh token for this session, kept there, so this tab goes on.
 */
import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { DataTable, ListContextProvider, useDelete, useGetList } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowActionButton } from '../../components/RowActionButton';
import { useConfirmation } from '../../components/useConfirmation';
import { SectionCard } from '../../components/SectionCard';
import { ListTable } from '../../components/list/ListTable';
import { useWholeList } from '../../components/table/useWholeList';
import type { SessionRecord } from '../../dataProvider/resources';
import { formatMoment } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import type { Translate } from '../../i18n/translate';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';
import { EndOtherSessionsDialog } from './EndOtherSessionsDialog';

type Field = 'lastSeenAt' | 'firstSeenAt';
const Col = DataTable.Col<SessionRecord>;

export function deviceName(row: Pick<SessionRecord, 'browser' | 'os'>, translate: Translate): string {
  return translate('security.sessions.device', {
    browser: row.browser ?? translate('security.sessions.unknownBrowser'),
    os: row.os ?? translate('security.sessions.unknownOs'),
  });
}

export function SessionsSection() {
  const { translate, locale } = useI18n();
  const sessions = useGetList<SessionRecord>('sessions');

  const ended = useWriteNotices('endSession', { invalidate: ['sessions'] });
  const end = writeOf(ended, useDelete<SessionRecord>('sessions', undefined, { mutationMode: 'optimistic', ...ended }), (row: SessionRecord) => ({
    id: row.id,
    previousData: row,
  }));
  const ending = useConfirmation((row: SessionRecord) => end.mutate(row));
  const [endingOthers, setEndingOthers] = useState(false);

  const list = useWholeList('sessions', sessions, { field: 'lastSeenAt', order: 'DESC' }, useCallback((row: SessionRecord, field: string) => row[field as Field], []));
  const column = (key: string) => translate(`security.sessions.columns.${key}`);
  const others = (sessions.data ?? []).filter((row) => !row.current).length;

  return (
    <SectionCard
      title={translate('security.sessions.title')}
      actions={
        <Button variant="outlined" disabled={others === 0} onClick={() => setEndingOthers(true)}>
          {translate('security.sessions.endOthers')}
        </Button>
      }
    >
      <Typography sx={{ mb: 2 }}>{translate('security.sessions.intro')}</Typography>
      <ListContextProvider value={list}>
        <ListTable<SessionRecord> label={translate('security.sessions.label')} empty={translate('security.sessions.empty')}>
          <Col label={column('device')} render={(row) => deviceName(row, translate)} />
          <Col label={column('address')} sx={{ overflowWrap: 'anywhere' }} render={(row) => row.address} />
          <Col source="firstSeenAt" label={column('firstSeen')} render={(row) => formatMoment(row.firstSeenAt, locale)} />
          <Col source="lastSeenAt" label={column('lastSeen')} render={(row) => formatMoment(row.lastSeenAt, locale)} />
          <Col
            label={column('actions')}
            align="right"
            render={(row) =>
              row.current ? (
                <Chip size="small" color="primary" variant="outlined" label={translate('security.sessions.current')} />
              ) : (
                <RowActionButton title={translate('security.sessions.end', { device: deviceName(row, translate) })} icon={<LogoutIcon fontSize="small" />} onClick={() => ending.ask(row)} />
              )
            }
          />
        </ListTable>
      </ListContextProvider>
      <ConfirmDialog
        {...ending.dialog}
        title={translate('security.sessions.end', { device: ending.subject ? deviceName(ending.subject, translate) : '' })}
        confirmLabel={translate('security.sessions.endConfirm')}
      />
      {endingOthers && <EndOtherSessionsDialog onClose={() => setEndingOthers(false)} />}
    </SectionCard>
  );
}
