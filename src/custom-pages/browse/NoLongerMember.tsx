/**
 * What a member removed from the selected publisher's team sees (issue 30), in the chooser's frame (no menu: none
 * of the publisher's pages would open): 'You are no longer a member of Atlas News', then what they can do. With
 * other publishers left, the button opens the chooser (the only one left opens by itself); with none, that an admin
 * of a publisher must invite them, and the sign-out button. The failure notices of the calls that found the
 * publisher gone are taken away: they said 'try again later' of something no retry mends.
 */
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetList, useLogout } from 'react-admin';
import { session, type Publisher } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { MAX_SEARCH_RESULTS } from '../../lib/limits';
import { useNotices } from '../../notices/NoticesProvider';
import { ChooserFrame } from './ChooserFrame';

export function NoLongerMember({ publisher }: { publisher: Pick<Publisher, 'id' | 'name'> }) {
  const { translate } = useI18n();
  const logout = useLogout();
  const notices = useNotices();
  useEffect(() => notices.clear(), [notices]);
  const own = useGetList<Publisher>('publishers', { filter: { q: '' }, pagination: { page: 1, perPage: MAX_SEARCH_RESULTS }, meta: { ownList: true } });
  const others = (own.data ?? []).filter((candidate) => candidate.id !== publisher.id);

  const chooseAnother = () => {
    session.setPublishers(others);
    // Without a publisher the layout opens the chooser.
    session.setPublisher(null);
  };

  return (
    <ChooserFrame title={translate('membership.removed.title', { publisher: publisher.name })}>
      {own.isPending ? (
        <LinearProgress aria-label={translate('browse.searching')} />
      ) : (
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            {others.length > 0
              ? translate('membership.removed.others', { smart_count: others.length, publisher: publisher.name })
              : translate('membership.removed.none', { publisher: publisher.name })}
          </Typography>
          {others.length > 0 ? (
            <Button variant="contained" onClick={chooseAnother}>
              {translate('membership.removed.choose')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void logout()}>
              {translate('menu.logout')}
            </Button>
          )}
        </Stack>
      )}
    </ChooserFrame>
  );
}
