/**
 * 'Create key' (issue 29, admins only): a react-admin <Form> in a dialog with the key's name, its scopes (the
 * scope list of src/lib/apiKeyScopes.ts, each with what it allows), its lifetime (at most a year, 90 days unless
 * changed) and optional allowed addresses (the shared CIDR rule of src/lib/allowedAddresses.ts). The create
 * carries an Idempotency-Key (the client's IDEMPOTENT_CALLS), so a resend after a lost answer makes one key.
 * On success the same dialog shows the secret this once, with a Copy button and a plain "you will not see it
 * again"; a refusal is said in the dialog, which keeps what was typed.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { CheckboxGroupInput, Form, SelectInput, TextInput, required, useCreate, type Validator } from 'react-admin';
import { contractValidators } from '../../lib/contractRules';
import { CodeBlock } from '../../components/CodeBlock';
import { CopyButton } from '../../components/CopyButton';
import { FormDialog } from '../../components/FormDialog';
import { apiErrorCode, apiErrorDetails } from '../../dataProvider/client';
import type { CreatedApiKeyRecord } from '../../dataProvider/resources';
import { useSession } from '../../dataProvider/session';
import { formatDay } from '../../i18n/formats';
import { useI18n } from '../../i18n/I18nContext';
import { addressEntries, allowedAddressesProblem } from '../../lib/allowedAddresses';
import { API_KEY_MAX_DAYS, API_KEY_SCOPES, type ApiKeyScope } from '../../lib/apiKeyScopes';
import { useWriteNotices, writeOf } from '../../notices/useWriteNotices';
import type { components } from '../../../openapi/portal';

type ApiKeyRequest = components['schemas']['ApiKeyRequest'];

interface Values {
  name: string;
  scopes: ApiKeyScope[];
  days: number;
  addresses: string;
}

/** The lifetimes offered, in days; the last is the contract's limit. */
export const EXPIRY_DAYS = [7, 30, 90, 180, API_KEY_MAX_DAYS] as const;
const DEFAULTS: Values = { name: '', scopes: [], days: 90, addresses: '' };
const DAY_MS = 86_400_000;
/** A year's key ends this much before the server's limit, so a browser clock a little ahead is not refused. */
const CLOCK_MARGIN_MS = 10 * 60_000;

export function requestOf(values: Values, now = Date.now()): ApiKeyRequest {
  const end = Math.min(now + values.days * DAY_MS, now + API_KEY_MAX_DAYS * DAY_MS - CLOCK_MARGIN_MS);
  return { name: values.name.trim(), scopes: values.scopes, expiresAt: new Date(end).toISOString(), allowedAddresses: addressEntries(values.addresses) };
}

const notBlank: Validator = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? undefined : 'ra.validation.required');

const validAddresses: Validator = (value: unknown) => {
  const problem = allowedAddressesProblem(typeof value === 'string' ? value : '');
  if (problem === null) return undefined;
  return problem.kind === 'invalid'
    ? { message: 'apiKeys.create.badAddress', args: { entry: problem.entry } }
    : { message: 'apiKeys.create.tooManyAddresses', args: { max: problem.max } };
};

/** The refusals this dialog can name; anything else is the operation's general failure. */
export function createFailureKey(error: unknown): string | undefined {
  switch (apiErrorCode(error)) {
    case 'FORBIDDEN':
      return 'apiKeys.errors.staffCannotCreate';
    case 'ALREADY_EXISTS':
      return 'apiKeys.errors.tooMany';
    case 'VALIDATION_FAILED': {
      const fields = apiErrorDetails(error)?.map((detail) => detail.field) ?? [];
      if (fields.some((field) => field.startsWith('/body/allowedAddresses'))) return 'apiKeys.errors.badAddress';
      if (fields.some((field) => field.startsWith('/body/expiresAt'))) return 'apiKeys.errors.badExpiry';
      return undefined;
    }
    default:
      return undefined;
  }
}

export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const { translate, locale } = useI18n();
  const { publisher } = useSession();
  // The dates the lifetimes end on, as of the dialog's opening.
  const [openedAt] = useState(() => Date.now());
  const creating = useWriteNotices('createApiKey', { invalidate: ['apiKeys', 'history'], failureKey: createFailureKey });
  const create = writeOf(creating, useCreate<ApiKeyRequest, unknown, CreatedApiKeyRecord>('apiKeys', undefined, creating), (data: ApiKeyRequest) => ({ data }));

  const created = create.data;
  if (created) return <CreatedKey apiKey={created} onClose={onClose} />;

  const expiryChoices = EXPIRY_DAYS.map((days) => ({
    id: days,
    name: translate('apiKeys.create.expiryChoice', { smart_count: days, date: formatDay(new Date(openedAt + days * DAY_MS).toISOString().slice(0, 10), locale) }),
  }));
  const scopeChoices = API_KEY_SCOPES.map((scope) => ({ id: scope, name: scope }));

  return (
    <FormDialog title={translate('apiKeys.create.title', { publisher: publisher?.name ?? '' })} onClose={onClose} saving={create.isPending} maxWidth="sm">
      <Form
        defaultValues={DEFAULTS}
        noValidate
        // The fields say what is wrong; no extra 'the form is not valid' notice.
        disableInvalidFormNotification
        onSubmit={(values: Record<string, unknown>) => create.mutate(requestOf({ ...DEFAULTS, ...values }))}
      >
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {create.errorKey && (
            <Alert severity="error" role="alert">
              {translate(create.errorKey)}
            </Alert>
          )}
          <TextInput
            source="name"
            label="apiKeys.create.name"
            helperText="apiKeys.create.nameHelp"
            validate={[notBlank, ...contractValidators('createApiKey', 'name')]}
            autoComplete="off"
            isRequired
          />
          <CheckboxGroupInput
            source="scopes"
            label="apiKeys.create.scopes"
            helperText="apiKeys.create.scopesHelp"
            choices={scopeChoices}
            translateChoice={false}
            optionText={(choice: { id: ApiKeyScope }) => (
              <span>
                <Box component="code" sx={{ fontWeight: 600 }}>
                  {choice.id}
                </Box>
                {`: ${translate(`apiKeys.scopes.${choice.id}`)}`}
              </span>
            )}
            row={false}
            validate={required('apiKeys.create.scopeRequired')}
          />
          <SelectInput
            source="days"
            label="apiKeys.create.expiry"
            helperText="apiKeys.create.expiryHelp"
            choices={expiryChoices}
            translateChoice={false}
            validate={required()}
          />
          <TextInput
            source="addresses"
            label="apiKeys.create.addresses"
            helperText="apiKeys.create.addressesHelp"
            multiline
            minRows={2}
            validate={validAddresses}
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {translate('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {translate('apiKeys.create.submit')}
          </Button>
        </DialogActions>
      </Form>
    </FormDialog>
  );
}

/** The made key's secret, this once (a replayed answer has none: then say to revoke it and make another). */
function CreatedKey({ apiKey, onClose }: { apiKey: CreatedApiKeyRecord; onClose: () => void }) {
  const { translate } = useI18n();
  return (
    <FormDialog title={translate('apiKeys.created.title', { name: apiKey.name })} onClose={onClose} maxWidth="sm">
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {apiKey.secret ? (
          <>
            <Alert severity="warning" role="note">
              {translate('apiKeys.created.warning')}
            </Alert>
            <CodeBlock label={translate('apiKeys.created.secret')} wrap>
              {apiKey.secret}
            </CodeBlock>
            <Box>
              <CopyButton text={apiKey.secret} label={translate('apiKeys.created.copy')}>
                {translate('apiKeys.created.copy')}
              </CopyButton>
            </Box>
          </>
        ) : (
          <Alert severity="warning" role="note">
            {translate('apiKeys.created.noSecret')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('apiKeys.created.done')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
