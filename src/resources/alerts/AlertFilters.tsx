/**
 * The alerts list's filters (issue 23): scope (the whole publisher or its zones) and state (not dismissed by
 * default, unread, read, dismissed, all), as plain parameters of the address; a change goes back to page 1.
 */
import Box from '@mui/material/Box';
import { useListContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { FilterSelect } from '../../components/list/FilterSelect';
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
  const list = useListContext<RevenueAlertRecord>();
  const filter = useAlertFilter();
  const set = (key: (typeof ALERT_FILTER_KEYS)[number], value: string) => list.setFilters({ [key]: value });
  return (
    <Box role="search" aria-label={translate('alerts.filters.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <FilterSelect
        label={translate('alerts.filters.scope')}
        value={filter.scope ?? ''}
        options={['', ...ALERT_SCOPES].map((scope) => ({ value: scope, label: translate(`alerts.filters.scopes.${scope || 'all'}`) }))}
        onChange={(value) => set('scope', value)}
      />
      {/* Not dismissed ('active') is the default, left out of the address. */}
      <FilterSelect
        label={translate('alerts.filters.state')}
        value={filter.state ?? 'active'}
        options={ALERT_STATES.map((state) => ({ value: state, label: translate(`alerts.filters.states.${state}`) }))}
        onChange={(value) => set('state', value === 'active' ? '' : value)}
      />
    </Box>
  );
}
