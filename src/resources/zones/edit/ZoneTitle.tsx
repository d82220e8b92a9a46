/**
 * The zone's name as the page heading, editable inline on the overview (spec section 4 'Zone title'): Rename
 * opens a field, confirm (Enter or the check button) saves, cancel (Escape or the cross) restores. An unchanged
 * name makes no call. The save is optimistic: the heading and the zones list show the new name at once and go
 * back if the server refuses, with the general error (spec section 8), which offers to reopen the field with
 * what was typed, so nothing typed is lost.
 *
 * The PUT carries the contract's ZoneUpdate built from the current zone with only the name changed
 * (resources/zones.ts update over previousData).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useUpdate } from 'react-admin';
import type { ZoneRecord } from '../../../dataProvider/resources';
import { useI18n } from '../../../i18n/I18nContext';
import { useArrivalFocus } from '../focusOnArrival';
import { useWriteNotices, writeOf } from '../../../notices/useWriteNotices';
import { MAX_ZONE_NAME_LENGTH } from '../../../lib/limits';
import { isNameTooLong, nameLimitText } from '../nameLimit';

const headingSx = { fontWeight: 600, overflowWrap: 'anywhere' } as const;

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
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
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
    setInvalid(false);
  }

  function cancel() {
    refocusRename.current = true;
    setDraft(null);
    setInvalid(false);
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    const name = (draft ?? '').trim();
    if (name === '' || isNameTooLong(name, MAX_ZONE_NAME_LENGTH)) {
      setInvalid(true);
      return;
    }
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
    <Box component="form" onSubmit={confirm} noValidate sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Typography variant="h5" component="h1" sx={visuallyHidden}>
        {zone.name}
      </Typography>
      <TextField
        label={translate('zoneEdit.name.label')}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
        }}
        error={invalid || isNameTooLong(draft ?? '', MAX_ZONE_NAME_LENGTH)}
        helperText={invalid && (draft ?? '').trim() === '' ? translate('errorMessages.required') : nameLimitText(translate, draft ?? '', MAX_ZONE_NAME_LENGTH)}
        required
        // jsx-a11y discourages autoFocus; here the user asked for the field by pressing Rename.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        size="small"
        sx={{ width: { xs: '100%', sm: 560 }, maxWidth: '100%', '& input': { fontSize: '1.25rem', fontWeight: 600 } }}
        slotProps={{ htmlInput: { 'aria-invalid': invalid } }}
      />
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
  );
}
