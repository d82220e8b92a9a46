/**
 * The zone form's fields (spec section 2 '/zones/new', 5 'New zone'): name, type (website or app), domains or
 * app-store URLs one per line, services to enable. Inputs of the react-admin <Form> around them (`useInput`, for
 * the helper texts, the normalised preview and the type change the spec asks for): the form holds the values, so
 * nothing typed is lost when a save fails. A field's error shows once the field was left or the form was sent; its
 * rule is zoneCreateErrors (with the entries the server refused, `rejected`).
 *
 * Web domains are shown as they will be saved (normalised wildcard form, src/lib/domains.ts) before submit.
 * App zones offer only the products allowed in apps (src/lib/products.ts).
 */
import { useId } from 'react';
import { InputHelperText, useInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { components } from '../../../openapi/portal';
import { useI18n } from '../../i18n/I18nContext';
import { useReferenceLabel } from '../../i18n/referenceLabels';
import { validateZoneEntries, type ZoneTypeName } from '../../lib/domains';
import { MAX_ZONE_NAME_LENGTH } from '../../lib/limits';
import { ZONE_TYPE, isProductAllowed } from '../../lib/products';
import { isNameTooLong, nameLimitText } from './nameLimit';
import { zoneCreateErrors, type ZoneFormValues } from './zoneRequest';

type Service = components['schemas']['Service'];

export interface ZoneInputsProps {
  disabled?: boolean;
  services: { data?: readonly Service[]; isPending: boolean; isLoadingError: boolean; retry: () => void };
  /** Called when the domains field is left, e.g. to name invalid entries in a notice. */
  onEntriesBlur?: () => void;
  /** Entries, as typed, the server refused (an error while they are still in the field). */
  rejected: readonly string[];
}

const ZONE_TYPES: readonly ZoneTypeName[] = ['website', 'app'];

const asTyped = (value: string) => value;

export function ZoneInputs({ disabled, services, onEntriesBlur, rejected }: ZoneInputsProps) {
  const { translate } = useI18n();
  const referenceLabel = useReferenceLabel();
  const typeLabelId = useId();
  const servicesLabelId = useId();
  const { resetField } = useFormContext<ZoneFormValues>();
  const name = useInput<string>({
    source: 'name',
    parse: asTyped,
    validate: (_value: string, all: ZoneFormValues) => zoneCreateErrors(all, rejected).name,
  });
  const entries = useInput<string>({
    source: 'entries',
    parse: asTyped,
    validate: (_value: string, all: ZoneFormValues) => {
      const error = zoneCreateErrors(all, rejected).domains;
      return error && { message: error.key, args: error.values ?? {} };
    },
  });
  const zoneType = useInput<ZoneTypeName>({ source: 'zoneType' });
  const chosen = useInput<number[]>({ source: 'services' });
  const values = useWatch<ZoneFormValues>() as ZoneFormValues;
  const isApp = values.zoneType === 'app';
  const typeId = ZONE_TYPE[values.zoneType];
  const nameError = name.fieldState.error?.message;
  // The limit is said as the name is typed; a longer name is refused with its length, never cut (issue 21).
  const nameTooLong = isNameTooLong(values.name, MAX_ZONE_NAME_LENGTH);
  const entriesError = entries.fieldState.error?.message;
  const normalised = isApp ? [] : validateZoneEntries(values.entries, 'website').values;
  const offered = (services.data ?? []).filter((service) => isProductAllowed(service.id, typeId));

  function toggleService(id: number, checked: boolean) {
    const current = chosen.field.value ?? [];
    chosen.field.onChange(checked ? [...current, id] : current.filter((existing: number) => existing !== id));
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 640 }}>
      <TextField
        {...name.field}
        id={name.id}
        label={translate('zones.form.name')}
        required
        disabled={disabled}
        error={nameError !== undefined || nameTooLong}
        helperText={nameError ? <InputHelperText error={nameError} /> : nameLimitText(translate, values.name, MAX_ZONE_NAME_LENGTH)}
      />

      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend" id={typeLabelId}>
          {translate('zones.form.type')}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={typeLabelId}
          name={zoneType.field.name}
          value={zoneType.field.value}
          onChange={(event) => {
            // Spec section 4: a type change clears the domains and the services (and the domains' message).
            resetField('entries');
            resetField('services');
            zoneType.field.onChange(event.target.value as ZoneTypeName);
          }}
        >
          {ZONE_TYPES.map((type) => (
            <FormControlLabel key={type} value={type} control={<Radio />} label={translate(`zones.form.types.${type}`)} />
          ))}
        </RadioGroup>
        <FormHelperText sx={{ mx: 0 }}>{translate('zones.form.typeChangeHint')}</FormHelperText>
      </FormControl>

      <Box>
        <TextField
          {...entries.field}
          id={entries.id}
          label={translate(isApp ? 'zones.form.storeUrls' : 'zones.form.domains')}
          onBlur={() => {
            entries.field.onBlur();
            onEntriesBlur?.();
          }}
          required
          multiline
          minRows={4}
          maxRows={12}
          fullWidth
          disabled={disabled}
          error={entriesError !== undefined}
          helperText={entriesError ? <InputHelperText error={entriesError} /> : translate(isApp ? 'zones.form.storeUrlsHint' : 'zones.form.domainsHint')}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        />
        {normalised.length > 0 && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2" color="text.secondary" id={`${typeLabelId}-saved`}>
              {translate('zones.form.savedAs')}
            </Typography>
            <Box component="ul" aria-labelledby={`${typeLabelId}-saved`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, mt: 0.5, p: 0, listStyle: 'none' }}>
              {normalised.map((domain) => (
                <li key={domain}>
                  <Chip label={domain} size="small" />
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Box>

      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend" id={servicesLabelId}>
          {translate('zones.form.services')}
        </FormLabel>
        {isApp && <FormHelperText sx={{ mx: 0 }}>{translate('zones.form.appServicesHint')}</FormHelperText>}
        {services.isPending ? (
          <LinearProgress sx={{ mt: 2, maxWidth: 240 }} aria-label={translate('common.loading')} />
        ) : services.isLoadingError ? (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            action={
              <Button color="inherit" size="small" onClick={services.retry}>
                {translate('common.retry')}
              </Button>
            }
          >
            {translate('zones.form.servicesFailed')}
          </Alert>
        ) : (
          <FormGroup row aria-labelledby={servicesLabelId}>
            {offered.map((service) => (
              <FormControlLabel
                key={service.id}
                control={
                  <Checkbox
                    checked={(chosen.field.value ?? []).includes(service.id)}
                    onChange={(event) => toggleService(service.id, event.target.checked)}
                  />
                }
                label={referenceLabel('services', service)}
              />
            ))}
          </FormGroup>
        )}
      </FormControl>
    </Box>
  );
}
