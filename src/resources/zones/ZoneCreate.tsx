/**
 * /zones/new (spec sections 2, 4 'New zone submission', 5, 8): the new-zone form. Add is enabled only when the
 * name and domains are filled and error-free and nothing is saving. An invalid entry is named in a danger notice
 * that does not fade when the field is left. On success: 'Zone created', the review notice (reviewed within
 * 72 hours; ads within 5 minutes after review and classification; the contract creates the zone disabled until
 * then; it fades after a reading time) and the zone's overview, its heading focused. On failure: 'Cannot create Zone, please try again later.' (never fades), the
 * form keeps everything typed, and entries the server names (/body/domains/<i>) are marked in the field.
 */
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
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
  const navigate = useNavigate();
  const notices = useNotices();
  // Not useCreate: it would cache the request's answer (the form's fields and the tracking id) as the zone's getOne,
  // which the overview opened next would show as the zone until it has read the real one.
  const create = useWrite('requestZone', {
    mutationFn: (data: ZoneCreateData, dataProvider) => dataProvider.create('zones', { data }),
    invalidate: ['zones'],
  });
  // The entries the server refused, as typed (its answer, not a field's value): marked while still in the field.
  const [rejected, setRejected] = useState<string[]>([]);

  async function submit(values: ZoneFormValues) {
    const data = toZoneCreateData(values);
    try {
      const created = await create.mutateAsync(data);
      // Information, not an error: it fades, after long enough to read its two sentences.
      notices.show({ key: 'zones.reviewNotice', context: 'info', msToClose: READING_MS_TO_CLOSE });
      navigate(zonePaths.overview(created.data.id), { state: ARRIVAL_FOCUS });
    } catch (error) {
      setRejected(rejectedEntries(error, data.domains, values));
    }
  }

  return (
    <PageLayout titleKey="zones.newTitle">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Form defaultValues={EMPTY_ZONE_FORM} onSubmit={(values: FieldValues) => submit(values as ZoneFormValues)} noValidate mode="onTouched">
          {/* From the click until the overview opens: after success too, so the button never comes back before the move. */}
          <ZoneCreateFields saving={create.isPending || create.isSuccess} rejected={rejected} />
        </Form>
      </Paper>
    </PageLayout>
  );
}

/** The form's fields and buttons, and the danger notice naming invalid entries (they read the form's values). */
function ZoneCreateFields({ saving, rejected }: { saving: boolean; rejected: readonly string[] }) {
  const { translate } = useI18n();
  // The list as the user left it: its page, size, sort and search.
  const backToList = useListReturnPath(zonePaths.list);
  const notices = useNotices();
  const services = useReference('services');
  const { trigger } = useFormContext<ZoneFormValues>();
  const values = useWatch<ZoneFormValues>() as ZoneFormValues;
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

  function showEntriesNotice() {
    if (!invalidEntries) return;
    entriesNotice.current = notices.show({ key: invalidEntries.key, values: invalidEntries.values, context: 'danger', neverFade: true, endpointName: 'zoneEntries' });
  }

  // Entries the server refused: every field says its error now, and the notice names them.
  useEffect(() => {
    if (rejected.length === 0) return;
    void trigger();
    showEntriesNotice();
  }, [rejected]); // eslint-disable-line react-hooks/exhaustive-deps -- once per refusal

  return (
    <Box aria-busy={saving}>
      <ZoneInputs
        disabled={saving}
        services={{ data: services.data, isPending: services.isPending, isLoadingError: services.isLoadingError, retry: () => void services.refetch() }}
        onEntriesBlur={showEntriesNotice}
        rejected={rejected}
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
  );
}
