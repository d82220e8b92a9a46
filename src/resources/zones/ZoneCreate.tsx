/**
 * /zones/new (spec sections 2, 4 'New zone submission', 5, 8): the new-zone form. Add is enabled only when the
 * name and domains are filled and error-free and nothing is saving. An invalid entry is named in a danger notice
 * that does not fade when the field is left. On success: 'Zone created', the review notice (reviewed within
 * 72 hours; ads within 5 minutes after review and classification; the contract creates the zone disabled until
 * then; it fades after a reading time) and the zone's overview, its heading focused. On failure: 'Cannot create Zone, please try again later.' (never fades), the
 * form keeps everything typed, and entries the server names (/body/domains/<i>) are marked in the field.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { ZoneCreateData } from '../../dataProvider/resources';
import { useReference } from '../../dataProvider/useReference';
import { useListReturnPath } from '../../components/list/useListUrlState';
import { useI18n } from '../../i18n/I18nContext';
import { PageLayout } from '../../components/PageLayout';
import { PublisherLine } from '../../components/PublisherLine';
import { ARRIVAL_FOCUS } from './focusOnArrival';
import { useNotices } from '../../notices/NoticesProvider';
import { READING_MS_TO_CLOSE } from '../../notices/noticesReducer';
import { useWrite } from '../../notices/useWrite';
import { ZoneInputs } from './ZoneInputs';
import { isNameTooLong } from './nameLimit';
import { MAX_ZONE_NAME_LENGTH } from '../../lib/limits';
import { zonePaths } from '../../routes';
import { EMPTY_ZONE_FORM, rejectedEntries, toZoneCreateData, zoneCreateErrors, type ZoneFormValues } from './zoneRequest';

export function ZoneCreate() {
  const { translate } = useI18n();
  // The list as the user left it: its page, size, sort and search.
  const backToList = useListReturnPath(zonePaths.list);
  const notices = useNotices();
  const navigate = useNavigate();
  const services = useReference('services');
  // Not useCreate: it would cache the request's answer (the form's fields and the tracking id) as the zone's getOne,
  // which the overview opened next would show as the zone until it has read the real one.
  const create = useWrite('requestZone', {
    mutationFn: (data: ZoneCreateData, dataProvider) => dataProvider.create('zones', { data }),
    invalidate: ['zones'],
  });
  const [values, setValues] = useState<ZoneFormValues>(EMPTY_ZONE_FORM);
  // From the click until the overview opens: after success too, so the button never comes back before the move.
  const saving = create.isPending || create.isSuccess;
  const [rejected, setRejected] = useState<string[]>([]);
  const errors = zoneCreateErrors(values, rejected);
  const canSubmit = !errors.name && !errors.domains && !isNameTooLong(values.name, MAX_ZONE_NAME_LENGTH) && !saving;

  // The notice naming invalid entries goes away once they are fixed (or the page is left).
  const entriesNotice = useRef<number | null>(null);
  const dismissEntriesNotice = () => {
    if (entriesNotice.current !== null) notices.dismiss(entriesNotice.current);
    entriesNotice.current = null;
  };
  const invalidEntries = errors.domains && errors.domains.key !== 'errorMessages.required' ? errors.domains : null;
  useEffect(() => {
    if (!invalidEntries) dismissEntriesNotice();
  });
  useEffect(() => dismissEntriesNotice, []); // eslint-disable-line react-hooks/exhaustive-deps -- on leaving only

  function showEntriesNotice(domains = invalidEntries) {
    if (!domains) return;
    entriesNotice.current = notices.show({ key: domains.key, values: domains.values, context: 'danger', neverFade: true, endpointName: 'zoneEntries' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const data = toZoneCreateData(values);
    try {
      const created = await create.mutateAsync(data);
      // Information, not an error: it fades, after long enough to read its two sentences.
      notices.show({ key: 'zones.reviewNotice', context: 'info', msToClose: READING_MS_TO_CLOSE });
      navigate(zonePaths.overview(created.data.id), { state: ARRIVAL_FOCUS });
    } catch (error) {
      const refused = rejectedEntries(error, data.domains, values);
      if (refused.length > 0) {
        setRejected(refused);
        showEntriesNotice(zoneCreateErrors(values, refused).domains ?? null);
      }
    }
  }

  return (
    <PageLayout titleKey="zones.newTitle">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
          <ZoneInputs
            values={values}
            onChange={setValues}
            errors={errors}
            disabled={saving}
            services={{ data: services.data, isPending: services.isPending, isLoadingError: services.isLoadingError, retry: () => void services.refetch() }}
            onEntriesBlur={() => showEntriesNotice()}
            showAllErrors={rejected.length > 0}
          />
          <Box sx={{ mt: 3 }}>
            <PublisherLine />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={!canSubmit}
              startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {translate(saving ? 'zones.form.submitting' : 'zones.form.submit')}
            </Button>
            <Button component={RouterLink} to={backToList}>
              {translate('common.cancel')}
            </Button>
          </Box>
        </Box>
      </Paper>
    </PageLayout>
  );
}
