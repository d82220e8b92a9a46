/**
 * Advertiser add (spec sections 4, 5): search the global advertisers from 2 characters, 300 ms after the last
 * keystroke, at most 50 results; choose several; Review is disabled while nothing is chosen. When every chosen
 * advertiser is already blocked, the 'already blocked' danger toast (3 s) shows and nothing is sent; otherwise
 * the review lists the new ones with their revenue at stake and Block adds them.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { TextInput, useGetList, useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AdvertiserRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { MAX_RESTRICTIONS_PER_CREATE, MAX_SEARCH_TERM_LENGTH, MIN_ADVERTISER_SEARCH_LENGTH } from '../../lib/limits';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { AddDialogFrame } from './AddDialogFrame';
import { RevenueReview } from './RevenueReview';
import type { BlockingScope } from './scope';
import { useAddRestrictions } from './useAddRestrictions';

/** The form's values: the search box, and the advertisers chosen (in the order they were chosen). */
type Values = { search: string; chosen: AdvertiserRecord[] };
const DEFAULTS: Values = { search: '', chosen: [] };

export function AdvertiserDialog({ scope }: { scope: BlockingScope }) {
  const { translate } = useI18n();
  const { group, blocked: blockedIds, target, toast, setStep, add, frame } = useAddRestrictions(scope, 'advertiser');
  const blocked = useMemo(() => new Set(blockedIds), [blockedIds]);
  const freshOf = ({ chosen }: Values) => chosen.filter((advertiser) => !blocked.has(String(advertiser.id)));

  return (
    <AddDialogFrame<Values>
      {...frame}
      title={translate('blocking.advertisers.addTitle')}
      defaultValues={DEFAULTS}
      onReview={(values) => {
        if (freshOf(values).length === 0) toast('blocking.advertisers.alreadyBlocked');
        else setStep('review');
      }}
      onConfirm={(values) => add.mutate(freshOf(values).map((advertiser) => String(advertiser.id)))}
      // One call blocks at most MAX_RESTRICTIONS_PER_CREATE (the contract): said before Review, not refused after it.
      reviewDisabled={(values) => values.chosen.length === 0 || !group.isSuccess || freshOf(values).length > MAX_RESTRICTIONS_PER_CREATE}
      confirmLabel={(values) => translate('blocking.advertisers.confirm', { smart_count: freshOf(values).length, target: target.name })}
    >
      {(values) =>
        frame.step === 'choose' ? (
          <AdvertiserChooser blocked={blocked} tooMany={freshOf(values).length > MAX_RESTRICTIONS_PER_CREATE} />
        ) : (
          <RevenueReview scope={scope} items={freshOf(values).map((advertiser) => ({ type: 'advertiser', value: String(advertiser.id), label: advertiser.name }))} />
        )
      }
    </AddDialogFrame>
  );
}

/** The search box and its results to tick, and the chosen advertisers as chips: the form's `chosen` (useInput). */
function AdvertiserChooser({ blocked, tooMany }: { blocked: ReadonlySet<string>; tooMany: boolean }) {
  const { translate, locale } = useI18n();
  const { field } = useInput<AdvertiserRecord[]>({ source: 'chosen' });
  const chosen: AdvertiserRecord[] = field.value ?? [];
  const term = useDebouncedValue((useWatch({ name: 'search' }) as string | undefined)?.trim() ?? '');
  const searching = term.length >= MIN_ADVERTISER_SEARCH_LENGTH;
  const results = useGetList<AdvertiserRecord>('advertisers', { filter: { q: term } }, { enabled: searching });
  const isChosen = (advertiser: AdvertiserRecord) => chosen.some((one) => one.id === advertiser.id);
  const toggle = (advertiser: AdvertiserRecord) =>
    field.onChange(isChosen(advertiser) ? chosen.filter((one) => one.id !== advertiser.id) : [...chosen, advertiser]);

  return (
    <>
      <TextInput
        source="search"
        type="search"
        label="blocking.advertisers.search"
        helperText={<>{translate('blocking.advertisers.searchHint', { min: MIN_ADVERTISER_SEARCH_LENGTH })}</>}
        slotProps={{ htmlInput: { maxLength: MAX_SEARCH_TERM_LENGTH, autoComplete: 'off' } }}
        resettable={false}
      />
      {tooMany && <Alert severity="error">{translate('blocking.advertisers.tooMany', { max: MAX_RESTRICTIONS_PER_CREATE.toLocaleString(locale) })}</Alert>}
      {chosen.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={translate('blocking.advertisers.chosen')} role="group">
          {chosen.map((advertiser) => (
            <Chip key={advertiser.id} label={advertiser.name} onDelete={() => toggle(advertiser)} />
          ))}
        </Box>
      )}
      {searching && results.isFetching && <LinearProgress aria-label={translate('common.loading')} />}
      {searching && results.isSuccess && results.data.length === 0 && <Typography color="text.secondary">{translate('blocking.advertisers.noResults')}</Typography>}
      {searching && (results.data?.length ?? 0) > 0 && (
        <List dense aria-label={translate('blocking.advertisers.results')} sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {results.data?.map((advertiser) => {
            const isBlocked = blocked.has(String(advertiser.id));
            return (
              <ListItem key={advertiser.id} sx={{ py: 0 }}>
                <FormControlLabel
                  sx={{ width: '100%', mr: 0 }}
                  control={<Checkbox checked={isChosen(advertiser)} onChange={() => toggle(advertiser)} />}
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
  );
}
