/**
 * Blocking from the review (issue 28): this creative, its advertiser or its advertiser domain, everywhere (the
 * publisher's block) or on chosen zones (each zone's; the zone the review is filtered by comes chosen), through the
 * existing restriction writes. The revenue at stake of what is chosen shows before Block, as in every add dialog
 * (RevenueReview: this creative's, or all the advertiser's or domain's creatives'), and so does the blocking rule's
 * verdict (an included list: ask the account manager; staff and advertisers: the internal settings).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { CheckboxGroupInput, RadioButtonGroupInput, useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { DialogForm, FormDialog } from '../../components/FormDialog';
import { CREATIVE_PERIODS, type CreativeDetailRecord, type CreativeRecord, type RestrictionType } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { addRule, RevenueReview, useIsInternal, useRestrictionGroup, type BlockingScope } from '../restrictions';
import { creativeName, domainValue } from './creativeText';
import { useBlock, type BlockTarget } from './useCreativeBlocks';

type What = Extract<RestrictionType, 'creative' | 'advertiser' | 'advertiser_domain'>;
type Values = { what: What; where: 'publisher' | 'zones'; zoneIds: number[] };
const WHATS: readonly What[] = ['creative', 'advertiser', 'advertiser_domain'];

export function BlockCreativeDialog({ creative, zoneId, onClose }: { creative: CreativeRecord; zoneId?: number; onClose: () => void }) {
  const { translate } = useI18n();
  const { publisher } = useSession();
  const block = useBlock();
  // The creative's page's read (the same period), for the zones it served on.
  const { search } = useLocation();
  const period = CREATIVE_PERIODS.find((days) => days === new URLSearchParams(search).get('period'));
  const detail = useGetOne<CreativeDetailRecord>('creatives', { id: creative.id, meta: { period } });
  if (!publisher) return null;
  const zones = detail.data?.zones ?? [];
  const publisherScope: BlockingScope = { entity: 'publisher', entityId: publisher.id, publisherId: publisher.id, publisherName: publisher.name, basePath: '' };
  const zoneScope = (id: number): BlockingScope => ({ ...publisherScope, entity: 'zone', entityId: id, zoneName: zones.find((zone) => zone.zoneId === id)?.name });
  const scopesOf = (values: Values) => (values.where === 'publisher' ? [publisherScope] : values.zoneIds.map(zoneScope));
  const valueOf = (what: What) => (what === 'creative' ? String(creative.id) : what === 'advertiser' ? String(creative.advertiser.id) : domainValue(creative.advertiserDomain));
  const labelOf = (what: What) => (what === 'creative' ? creativeName(creative, translate) : what === 'advertiser' ? creative.advertiser.name : creative.advertiserDomain);
  const targetOf = (scope: BlockingScope): BlockTarget => ({
    entity: scope.entity,
    entityId: scope.entityId,
    name: scope.entity === 'zone' ? translate('blocking.target.zoneName', { zone: scope.zoneName ?? String(scope.entityId), publisher: publisher.name }) : publisher.name,
  });
  const submit = async (values: Values) => {
    try {
      for (const scope of scopesOf(values)) await block.mutateAsync({ target: targetOf(scope), type: values.what, value: valueOf(values.what) });
      onClose();
    } catch {
      // The notice and the dialog's alert say what failed; the dialog stays as it was.
    }
  };
  const defaults: Values = { what: 'creative', where: zoneId === undefined ? 'publisher' : 'zones', zoneIds: zoneId === undefined ? [] : [zoneId] };
  const zoneChoices = zones.map((zone) => ({
    id: zone.zoneId,
    name: creative.blockedZoneIds.includes(zone.zoneId) ? translate('creatives.block.zoneBlocked', { zone: zone.name }) : zone.name,
  }));
  return (
    <FormDialog title={translate('creatives.block.title', { name: creativeName(creative, translate) })} onClose={onClose} saving={block.isPending} scroll="paper">
      <DialogForm<Values>
        onClose={onClose}
        defaultValues={defaults}
        onSubmit={submit}
        saving={block.isPending}
        errorKey={block.errorKey}
        dividers
        submit={<BlockButton disabled={block.isPending} />}
      >
        <RadioButtonGroupInput
          source="what"
          label="creatives.block.what"
          translateChoice={false}
          choices={WHATS.map((what) => ({ id: what, name: translate(`creatives.block.whats.${what}`, { name: labelOf(what) }) }))}
          row={false}
        />
        <RadioButtonGroupInput
          source="where"
          label="creatives.block.where"
          translateChoice={false}
          choices={[
            { id: 'publisher', name: translate('creatives.block.everywhere', { publisher: publisher.name }) },
            { id: 'zones', name: translate('creatives.block.onZones') },
          ]}
          row={false}
        />
        <ZonesChooser choices={zoneChoices} />
        <Review scopes={scopesOf} items={(what) => [{ type: what, value: valueOf(what), label: labelOf(what) }]} publisherScope={publisherScope} />
      </DialogForm>
    </FormDialog>
  );
}

function BlockButton({ disabled }: { disabled: boolean }) {
  const { translate } = useI18n();
  const { where, zoneIds } = useWatch<Values>();
  return (
    <Button type="submit" variant="contained" color="error" disabled={disabled || (where === 'zones' && !zoneIds?.length)}>
      {translate('creatives.block.confirm')}
    </Button>
  );
}

function ZonesChooser({ choices }: { choices: { id: number; name: string }[] }) {
  const where = useWatch<Values, 'where'>({ name: 'where' });
  if (where !== 'zones') return null;
  return <CheckboxGroupInput source="zoneIds" label="creatives.block.zones" translateChoice={false} choices={choices} row={false} />;
}

/** The revenue at stake of each block the values make, and the rule's verdict on the publisher's list of the type. */
function Review(props: { scopes: (values: Values) => BlockingScope[]; items: (what: What) => { type: What; value: string; label: string }[]; publisherScope: BlockingScope }) {
  const { translate } = useI18n();
  const values = useWatch<Values>() as Values;
  const group = useRestrictionGroup(props.publisherScope, values.what);
  const rule = addRule(values.what, group.clusivity, useIsInternal());
  return (
    <>
      {rule.kind === 'accountManager' && <Alert severity="error">{translate('blocking.advertisers.contactYourAccountManager')}</Alert>}
      {rule.kind === 'internal' && <Alert severity="warning">{translate('blocking.internal.publisherNotice')}</Alert>}
      {props.scopes(values).map((scope) => (
        <Box key={`${scope.entity}:${scope.entityId}`} component="section" aria-label={scope.zoneName ?? scope.publisherName}>
          <Typography sx={{ fontWeight: 600 }}>{scope.entity === 'zone' ? translate('creatives.block.onZone', { zone: scope.zoneName ?? scope.entityId }) : translate('creatives.block.onPublisher', { publisher: scope.publisherName })}</Typography>
          <RevenueReview scope={scope} items={props.items(values.what)} />
        </Box>
      ))}
    </>
  );
}
