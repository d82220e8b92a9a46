/**
 * The zone's enabled products (spec section 2 'Overview', section 4 'Zone products'): chips in view mode; Edit
 * turns them into checkboxes of the products this zone may have (app zones only the app-allowed ones,
 * src/lib/products.ts); Save goes back to the chips at once while the calls run (useSaveProducts), Cancel
 * discards. When a call fails the removed product comes back, and the error offers to reopen the checkboxes as
 * the user left them.
 *
 * The checkboxes are react-admin's Form with a CheckboxGroupInput (`services`); the component keeps only which
 * record the form opens on (the zone's products, or a failed save's), null while it is closed.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { CheckboxGroupInput, Form, useGetList } from 'react-admin';
import { LoadError } from '../../../../components/LoadError';
import { PublisherLine } from '../../../../components/PublisherLine';
import { SectionCard } from '../../../../components/SectionCard';
import type { ZoneRecord, ZoneServiceRecord } from '../../../../dataProvider/resources';
import { useReference } from '../../../../dataProvider/useReference';
import { useI18n } from '../../../../i18n/I18nContext';
import { useReferenceLabel } from '../../../../i18n/referenceLabels';
import { isProductAllowed, ZONE_TYPE } from '../../../../lib/products';
import { enabledProductIds } from './productChanges';
import { useSaveProducts } from './useSaveProducts';
import { useMayCall } from '../../../../dataProvider/useMayCall';

export function ZoneProducts({ zone }: { zone: ZoneRecord }) {
  const { translate } = useI18n();
  const referenceLabel = useReferenceLabel();
  const zoneServices = useGetList<ZoneServiceRecord>('zoneServices', { filter: { zoneId: zone.trackingId } });
  const catalog = useReference('services');
  // The record the checkboxes open on (the zone's products, or what a failed save had ticked); null while closed.
  const [opened, setOpened] = useState<{ services: number[] } | null>(null);
  const { save, saving } = useSaveProducts(zone.trackingId, zoneServices.data ?? [], (services) => setOpened({ services }));
  const canEdit = useMayCall('putZoneServices');
  const editButton = useRef<HTMLButtonElement>(null);
  // Save and Cancel remove the form; focus goes back to Edit rather than to the top of the page.
  const refocusEdit = useRef(false);
  useEffect(() => {
    if (opened === null && !saving && refocusEdit.current) {
      refocusEdit.current = false;
      editButton.current?.focus();
    }
  }, [opened, saving]);

  const enabledIds = useMemo(() => enabledProductIds(zoneServices.data ?? []), [zoneServices.data]);
  const options = useMemo(
    () => (catalog.data ?? []).filter((service) => isProductAllowed(service.id, zone.typeId) || enabledIds.includes(service.id)),
    [catalog.data, zone.typeId, enabledIds],
  );
  const enabled = (zoneServices.data ?? []).filter((entry) => entry.enabled);

  function close() {
    refocusEdit.current = true;
    setOpened(null);
  }

  async function submit(values: Record<string, unknown>) {
    const selection = Array.isArray(values.services) ? (values.services as number[]) : [];
    // In the order the options are shown, whatever order they were ticked in.
    const checked = options.map((service) => service.id).filter((id) => selection.includes(id));
    close();
    await save(checked);
  }

  const loading = zoneServices.isPending || (opened !== null && catalog.isPending);
  // A failed refetch keeps the chips or the checkboxes being edited; only nothing loaded shows the error.
  const failed = zoneServices.isLoadingError || (opened !== null && catalog.isLoadingError);

  return (
    <SectionCard
      title={translate('zoneEdit.products.title')}
      actions={
        opened === null &&
        canEdit && (
          <Button
            ref={editButton}
            startIcon={<EditIcon aria-hidden />}
            aria-label={translate('zoneEdit.products.edit')}
            onClick={() => setOpened({ services: enabledIds })}
            disabled={saving || !zoneServices.isSuccess}
          >
            {translate('zoneEdit.edit')}
          </Button>
        )
      }
    >
      {saving && <LinearProgress aria-label={translate('zoneEdit.products.saving')} sx={{ mb: 2 }} />}
      {failed ? (
        <LoadError
          onRetry={() => {
            void zoneServices.refetch();
            void catalog.refetch();
          }}
        />
      ) : loading ? (
        <LinearProgress aria-label={translate('common.loading')} />
      ) : opened === null ? (
        enabled.length === 0 ? (
          <Typography color="text.secondary">{translate('zoneEdit.products.none')}</Typography>
        ) : (
          <Box component="ul" aria-label={translate('zoneEdit.products.title')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
            {enabled.map((entry) => (
              <li key={entry.service.id}>
                <Chip label={referenceLabel('services', entry.service)} color="primary" variant="outlined" />
              </li>
            ))}
          </Box>
        )
      ) : (
        <Form defaultValues={opened} onSubmit={(values: Record<string, unknown>) => void submit(values)} noValidate disableInvalidFormNotification>
          <CheckboxGroupInput
            source="services"
            label={translate(zone.typeId === ZONE_TYPE.app ? 'zoneEdit.products.appHint' : 'zoneEdit.products.hint')}
            choices={options}
            optionText={(service: (typeof options)[number]) => referenceLabel('services', service)}
            translateChoice={false}
            helperText={false}
            sx={{ m: 0, '& .MuiFormGroup-root': { columnGap: 3 } }}
          />
          <Box sx={{ mt: 2 }}>
            <PublisherLine />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
            <Button type="submit" variant="contained">
              {translate('zoneEdit.save')}
            </Button>
            <Button onClick={close}>{translate('common.cancel')}</Button>
          </Box>
        </Form>
      )}
    </SectionCard>
  );
}
