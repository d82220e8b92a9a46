/**
 * Advertiser-domain add (spec sections 5 and 8): entries separated by new lines or commas, trimmed and
 * de-duplicated, each checked by the domain rule (src/lib/advertiserDomains). Invalid entries open the error
 * dialog (blocking.domains.invalidDomains / errorMessage) naming each one; when every valid entry is already
 * blocked the 'Block(s) already created' toast shows and nothing is sent; entries without a wildcard get '*.'.
 * The review lists the new domains with their revenue at stake. More new domains than one bulk add (and the
 * review's revenue-at-stake call) takes are refused as they are typed, before any call: the import takes those.
 */
import { useId, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import { TextInput } from 'react-admin';
import { useI18n } from '../../i18n/I18nContext';
import { ADVERTISER_DOMAIN_KEYS, parseAdvertiserDomains } from '../../lib/advertiserDomains';
import { MAX_RESTRICTIONS_PER_CREATE, MAX_REVENUE_AT_STAKE_ITEMS } from '../../lib/limits';
import { AddDialogFrame } from './AddDialogFrame';
import { RevenueReview } from './RevenueReview';
import type { BlockingScope } from './scope';
import { useAddRestrictions } from './useAddRestrictions';

/** The example host of the spec's message ("domain should follow '{host}' or '*.test.com'"). */
const EXAMPLE_HOST = 'test.com';
/** The same list is added in one call and priced in one call, so the smaller of the two contract caps. */
const MAX_NEW_DOMAINS = Math.min(MAX_RESTRICTIONS_PER_CREATE, MAX_REVENUE_AT_STAKE_ITEMS);

/** parseAdvertiserDomains, remembering its last answer (the same text is asked for several times a render). */
function lastParsed(blocked: readonly string[]) {
  let last: { entries: string; parsed: ReturnType<typeof parseAdvertiserDomains> } | null = null;
  return (entries: string) => {
    if (last?.entries !== entries) last = { entries, parsed: parseAdvertiserDomains(entries, blocked) };
    return last.parsed;
  };
}

/** The form's one value: the typed entries (null once emptied: react-admin's TextInput parse). */
type Values = { entries: string | null };
const NO_ENTRIES: Values = { entries: '' };

export function DomainDialog({ scope }: { scope: BlockingScope }) {
  const { translate, locale } = useI18n();
  const { group, blocked, target, toast, setStep, add, frame } = useAddRestrictions(scope, 'advertiser_domain');
  // The entries found invalid on Review (their dialog), and the new domains being reviewed.
  const [invalid, setInvalid] = useState<string[]>([]);
  const [domains, setDomains] = useState<string[]>([]);
  const titleId = useId();
  const textId = useId();

  // Read once per text: the field's check, Review's state and the review all ask for the same entries.
  const parse = useMemo(() => lastParsed(blocked), [blocked]);
  // Said as the entries are typed (the form's 'onChange' mode), before any call.
  const notTooMany = (value: unknown) =>
    parse(typeof value === 'string' ? value : '').domains.length > MAX_NEW_DOMAINS
      ? { message: 'blocking.domains.tooMany', args: { max: MAX_NEW_DOMAINS.toLocaleString(locale) } }
      : undefined;

  // An emptied field is null (react-admin's TextInput parse).
  function review({ entries }: Values) {
    const parsed = parse(entries ?? '');
    if (parsed.invalid.length > 0) setInvalid(parsed.invalid);
    else if (parsed.allAlreadyBlocked) toast(ADVERTISER_DOMAIN_KEYS.alreadyBlocked);
    else if (parsed.domains.length > 0) {
      setDomains(parsed.domains);
      setStep('review');
    }
  }

  return (
    <>
      <AddDialogFrame
        {...frame}
        title={translate('blocking.domains.addTitle')}
        defaultValues={NO_ENTRIES}
        mode="onChange"
        onReview={review}
        onConfirm={() => add.mutate(domains)}
        reviewDisabled={({ entries }) => (entries ?? '').trim() === '' || !group.isSuccess || parse(entries ?? '').domains.length > MAX_NEW_DOMAINS}
        confirmLabel={translate('blocking.domains.confirm', { smart_count: domains.length, target: target.name })}
      >
        {frame.step === 'choose' ? (
          <TextInput
            source="entries"
            label="blocking.domains.entries"
            helperText="blocking.domains.hint"
            validate={notTooMany}
            multiline
            minRows={4}
            maxRows={12}
            required
            placeholder={'example.com\n*.ads.example.net'}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          />
        ) : (
          <RevenueReview scope={scope} items={domains.map((domain) => ({ type: 'advertiser_domain', value: domain, label: domain }))} />
        )}
      </AddDialogFrame>
      <Dialog open={invalid.length > 0} onClose={() => setInvalid([])} aria-labelledby={titleId} aria-describedby={textId}>
        <DialogTitle id={titleId}>{translate(ADVERTISER_DOMAIN_KEYS.invalidDomains)}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{translate(ADVERTISER_DOMAIN_KEYS.errorMessage, { host: EXAMPLE_HOST })}</DialogContentText>
          <Box component="ul" aria-label={translate('blocking.domains.invalidEntries')} sx={{ mt: 1, mb: 0, pl: 3, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {invalid.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setInvalid([])} variant="contained">
            {translate('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
