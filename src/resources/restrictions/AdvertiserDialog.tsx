/**
 * Advertiser add (spec sections 4, 5): search the global advertisers from 2 characters, 300 ms after the last
 * keystroke, at most 50 results; choose several; Review is disabled while nothing is chosen. When every chosen
 * advertiser is already blocked, the 'already blocked' danger toast (3 s) shows and nothing is sent; otherwise
 * the review lists the new ones with their revenue at stake and Block adds them.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { useGetList } from 'react-admin';
import type { AdvertiserRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { MAX_RESTRICTIONS_PER_CREATE, MAX_SEARCH_TERM_LENGTH, MIN_ADVERTISER_SEARCH_LENGTH } from '../../lib/limits';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { AddDialogFrame } from './AddDialogFrame';
import { RevenueReview } from './RevenueReview';
import type { BlockingScope } from './scope';
import { useAddRestrictions } from './useAddRestrictions';

export function AdvertiserDialog({ scope }: { scope: BlockingScope }) {
  const { translate, locale } = useI18n();
  const { group, blocked: blockedIds, target, toast, setStep, add, frame } = useAddRestrictions(scope, 'advertiser');
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ReadonlyMap<number, AdvertiserRecord>>(new Map());
  const term = useDebouncedValue(text.trim());
  const searching = term.length >= MIN_ADVERTISER_SEARCH_LENGTH;
  const results = useGetList<AdvertiserRecord>('advertisers', { filter: { q: term } }, { enabled: searching });

  const blocked = useMemo(() => new Set(blockedIds), [blockedIds]);
  const fresh = [...chosen.values()].filter((advertiser) => !blocked.has(String(advertiser.id)));
  // One call blocks at most MAX_RESTRICTIONS_PER_CREATE (the contract): said before Review, not refused after it.
  const tooMany = fresh.length > MAX_RESTRICTIONS_PER_CREATE;

  const toggle = (advertiser: AdvertiserRecord) =>
    setChosen((previous) => {
      const next = new Map(previous);
      if (next.has(advertiser.id)) next.delete(advertiser.id);
      else next.set(advertiser.id, advertiser);
      return next;
    });

  return (
    <AddDialogFrame
      {...frame}
      title={translate('blocking.advertisers.addTitle')}
      onReview={() => {
        if (fresh.length === 0) toast('blocking.advertisers.alreadyBlocked');
        else setStep('review');
      }}
      onConfirm={() => add.mutate(fresh.map((advertiser) => String(advertiser.id)))}
      reviewDisabled={chosen.size === 0 || !group.isSuccess || tooMany}
      confirmLabel={translate('blocking.advertisers.confirm', { smart_count: fresh.length, target: target.name })}
    >
      {frame.step === 'choose' ? (
        <>
          <TextField
            type="search"
            label={translate('blocking.advertisers.search')}
            helperText={translate('blocking.advertisers.searchHint', { min: MIN_ADVERTISER_SEARCH_LENGTH })}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_SEARCH_TERM_LENGTH, autoComplete: 'off' } }}
          />
          {tooMany && (
            <Alert severity="error">{translate('blocking.advertisers.tooMany', { max: MAX_RESTRICTIONS_PER_CREATE.toLocaleString(locale) })}</Alert>
          )}
          {chosen.size > 0 && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={translate('blocking.advertisers.chosen')} role="group">
              {[...chosen.values()].map((advertiser) => (
                <Chip key={advertiser.id} label={advertiser.name} onDelete={() => toggle(advertiser)} />
              ))}
            </Box>
          )}
          {searching && results.isFetching && <LinearProgress aria-label={translate('common.loading')} />}
          {searching && results.isSuccess && results.data.length === 0 && (
            <Typography color="text.secondary">{translate('blocking.advertisers.noResults')}</Typography>
          )}
          {searching && (results.data?.length ?? 0) > 0 && (
            <List dense aria-label={translate('blocking.advertisers.results')} sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {results.data?.map((advertiser) => {
                const isBlocked = blocked.has(String(advertiser.id));
                return (
                  <ListItem key={advertiser.id} sx={{ py: 0 }}>
                    <FormControlLabel
                      sx={{ width: '100%', mr: 0 }}
                      control={<Checkbox checked={chosen.has(advertiser.id)} onChange={() => toggle(advertiser)} />}
                      label={
                        <ListItemText
                          primary={advertiser.name}
                          secondary={[advertiser.domain, isBlocked ? translate('blocking.advertisers.blockedAlready') : null].filter(Boolean).join(' · ')}
                        />
                      }
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
        </>
      ) : (
        <RevenueReview scope={scope} items={fresh.map((advertiser) => ({ type: 'advertiser', value: String(advertiser.id), label: advertiser.name }))} />
      )}
    </AddDialogFrame>
  );
}
