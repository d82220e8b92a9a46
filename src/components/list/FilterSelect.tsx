/**
 * A list's filter as a small labelled select (the alerts' scope and state, the history's kind and author): the
 * options in order, each a value and its text; '' is the value of 'any'. As wide as its longest option (not
 * react-admin's full-width default), so a list's filters make one row that wraps on a narrow screen (issue 30);
 * the option '' shows its text ('any') instead of an empty box under the label.
 */
import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';

export interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  minWidth?: number;
}

export function FilterSelect({ label, value, options, onChange, minWidth = 200 }: FilterSelectProps) {
  const labelId = useId();
  return (
    <FormControl size="small" fullWidth={false} sx={{ minWidth, maxWidth: '100%' }}>
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select labelId={labelId} label={label} displayEmpty value={value} onChange={(event) => onChange(String(event.target.value))}>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
