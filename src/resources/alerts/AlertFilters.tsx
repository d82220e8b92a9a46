/**
 * The alerts list's filters (issue 23): scope (the whole publisher or its zones) and state (not dismissed by
 * default, unread, read, dismissed, all), as plain parameters of the address; a change goes back to page 1.
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useSearchParams } from 'react-router-dom';
import { usePagedListContext } from '../../components/list/PagedTable';
import { ALERT_SCOPES, ALERT_STATES, type AlertFilter, type RevenueAlertRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';

export const ALERT_FILTER_KEYS = ['scope', 'state'] as const;

/** The filters as the address states them, each checked so a hand-edited address still shows a list. */
export function useAlertFilter(): AlertFilter {
  const [params] = useSearchParams();
  const scope = params.get('scope') ?? '';
  const state = params.get('state') ?? '';
  return {
    scope: (ALERT_SCOPES as readonly string[]).includes(scope) ? scope : undefined,
    state: (ALERT_STATES as readonly string[]).includes(state) ? state : undefined,
  };
}

export function AlertFilters() {
  const { translate } = useI18n();
  const ids = useId();
  const list = usePagedListContext<RevenueAlertRecord>();
  const filter = useAlertFilter();
  const set = (key: (typeof ALERT_FILTER_KEYS)[number], value: string) => list.setFilters({ [key]: value });
  return (
    <Box role="search" aria-label={translate('alerts.filters.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <FormControl size="small" sx={{ minWidth: 200 }}>
        <InputLabel id={`${ids}-scope`}>{translate('alerts.filters.scope')}</InputLabel>
        <Select labelId={`${ids}-scope`} label={translate('alerts.filters.scope')} value={filter.scope ?? ''} onChange={(event) => set('scope', String(event.target.value))}>
          <MenuItem value="">{translate('alerts.filters.scopes.all')}</MenuItem>
          {ALERT_SCOPES.map((scope) => (
            <MenuItem key={scope} value={scope}>
              {translate(`alerts.filters.scopes.${scope}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 200 }}>
        <InputLabel id={`${ids}-state`}>{translate('alerts.filters.state')}</InputLabel>
        <Select
          labelId={`${ids}-state`}
          label={translate('alerts.filters.state')}
          value={filter.state ?? 'active'}
          onChange={(event) => set('state', event.target.value === 'active' ? '' : String(event.target.value))}
        >
          {ALERT_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {translate(`alerts.filters.states.${state}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Box>
  );
}
