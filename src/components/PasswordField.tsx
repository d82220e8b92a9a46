/**
 * A password field of the portal with the show/hide control the sign-in and reset pages have (issue 21): the
 * same icon, name and toggle state (EyeIcon.tsx), as an MUI TextField for the password update form and the
 * sign-in-again dialog. Everything else is TextField's.
 */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useI18n } from '../i18n/I18nContext';
import { EyeIcon, revealLabelKey } from './EyeIcon';

export function PasswordField({ slotProps, disabled, ...props }: Omit<TextFieldProps, 'type'>) {
  const { translate } = useI18n();
  const [revealed, setRevealed] = useState(false);
  const label = translate(revealLabelKey(revealed));
  const input = (slotProps?.input ?? {}) as object;
  return (
    <TextField
      {...props}
      disabled={disabled}
      type={revealed ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          ...input,
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={label} title={label} aria-pressed={revealed} edge="end" disabled={disabled} onClick={() => setRevealed((shown) => !shown)}>
                <EyeIcon crossed={revealed} />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
