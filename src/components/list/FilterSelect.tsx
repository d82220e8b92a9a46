/**
 * A list's filter (or page size) as a small labelled select, options in order, '' the value of 'any'. Not react-admin's
 * SelectInput: its empty option is named 'Clear value' to a screen reader whatever it shows, and it is full width; this
 * one is as wide as its longest option (a row of filters wraps, issue 30) and shows the text of '', not an empty box.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  minWidth?: number;
}

export function FilterSelect({ label, value, options, onChange, minWidth = 200 }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      sx={{ minWidth, maxWidth: '100%' }}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
