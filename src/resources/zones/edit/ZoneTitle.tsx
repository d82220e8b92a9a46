/**
 * The zone's name as the page heading, editable inline on the overview (spec section 4 'Zone title'): Rename
 * opens a field, confirm (Enter or the check button) saves, cancel (Escape or the cross) restores. An unchanged
 * name makes no call. The save is optimistic: the heading and the zones list show the new name at once and go
 * back if the server refuses, with the general error (spec section 8), which offers to reopen the field with
 * what was typed, so nothing typed is lost.
 *
 * The PUT carries the contract's ZoneUpdate built from the current zone with only the name changed
 * (resources/zones.ts update over previousData).
 *
 * The open field is react-admin's Form with a TextInput: the name is checked as it is typed (required, the limit
 * with its count).
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { Form, TextInput, useUpdate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ZoneRecord } from '../../../dataProvider/resources';
import { useI18n } from '../../../i18n/I18nContext';
import { useArrivalFocus } from '../focusOnArrival';
import { useWriteNotices, writeOf } from '../../../notices/useWriteNotices';
import { MAX_ZONE_NAME_LENGTH } from '../../../lib/limits';
import { isNameTooLong, nameLength, nameLimitText } from '../nameLimit';

const headingSx = { fontWeight: 600, overflowWrap: 'anywhere' } as const;

/** The name as sent (trimmed): required, and within the limit, said with its length. */
const nameRules = [
  // isRequired: the field shows its asterisk, as react-admin's required() does.
  Object.assign((value: unknown) => (typeof value === 'string' && value.trim() !== '' ? undefined : 'errorMessages.required'), { isRequired: true }),
  (value: unknown) => {
    const name = typeof value === 'string' ? value : '';
    return isNameTooLong(name, MAX_ZONE_NAME_LENGTH) ? { message: 'zones.form.nameTooLong', args: { count: nameLength(name), max: MAX_ZONE_NAME_LENGTH } } : undefined;
  },
];

export function ZoneTitle({ zone, editable }: { zone: ZoneRecord; editable: boolean }) {
  const { translate } = useI18n();
  const renaming = useWriteNotices('updateZone', {
    failureAction: ({ data }: { data?: Partial<ZoneRecord> }) => ({ labelKey: 'zoneEdit.name.editAgain', onAction: () => edit(data?.name ?? '') }),
  });
  // Optimistic: react-admin shows the name in the zone and the lists at once, puts it back if refused, then rereads.
  const rename = writeOf(renaming, useUpdate<ZoneRecord>('zones', undefined, { mutationMode: 'optimistic', ...renaming }), (name: string) => ({
    id: zone.id,
    data: { name },
    previousData: zone,
  }));
  // The name the field opens with (the zone's, or what a failed save had typed); null while closed.
  const [draft, setDraft] = useState<string | null>(null);
  const editing = editable && draft !== null;
  const renameButton = useRef<HTMLButtonElement>(null);
  const heading = useArrivalFocus<HTMLHeadingElement>();
  // Leaving the field puts focus back on Rename, instead of dropping it to the top of the page.
  const refocusRename = useRef(false);
  useEffect(() => {
    if (!editing && refocusRename.current) {
      refocusRename.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  function edit(value: string) {
    setDraft(value);
  }

  function cancel() {
    refocusRename.current = true;
    setDraft(null);
  }

  /** Called with a valid name only (the form's validators). */
  function confirm(values: Record<string, unknown>) {
    const name = String(values.name ?? '').trim();
    cancel();
    if (name === zone.name) return;
    rename.mutate(name);
  }

  if (!editing) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={headingSx} ref={heading} tabIndex={-1}>
          {zone.name}
        </Typography>
        {editable && (
          <Tooltip title={translate('zoneEdit.name.rename')}>
            <IconButton
              ref={renameButton}
              aria-label={translate('zoneEdit.name.rename')}
              onClick={() => edit(zone.name)}
              size="small"
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    );
  }

  return (
    <Form defaultValues={{ name: draft }} onSubmit={confirm} mode="onChange" noValidate disableInvalidFormNotification>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Typography variant="h5" component="h1" sx={visuallyHidden}>
          {zone.name}
        </Typography>
        <NameInput onCancel={cancel} />
        <Box sx={{ display: 'flex', gap: 0.5, pt: 0.5 }}>
          <Tooltip title={translate('zoneEdit.name.save')}>
            <IconButton type="submit" aria-label={translate('zoneEdit.name.save')} color="primary">
              <CheckIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={translate('common.cancel')}>
            <IconButton aria-label={translate('common.cancel')} onClick={cancel}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    </Form>
  );
}

/** The name's field: its count against the limit below it, Escape cancels. */
function NameInput({ onCancel }: { onCancel: () => void }) {
  const { translate } = useI18n();
  const name = (useWatch({ name: 'name' }) as string | undefined) ?? '';
  return (
    <TextInput
      source="name"
      label="zoneEdit.name.label"
      helperText={<>{nameLimitText(translate, name, MAX_ZONE_NAME_LENGTH)}</>}
      validate={nameRules}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
      // jsx-a11y discourages autoFocus; here the user asked for the field by pressing Rename.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      size="small"
      resettable={false}
      sx={{ width: { xs: '100%', sm: 560 }, maxWidth: '100%', '& input': { fontSize: '1.25rem', fontWeight: 600 } }}
    />
  );
}
