/**
 * A list's search box: react-admin's FilterLiveForm with a TextInput for `q`, in the list's ListContext. What is
 * typed shows at once; the list follows 300 ms after the last keystroke (spec sections 4 and 9); a term changed from
 * outside (Back, a link) comes back into the box; Escape clears it (a search field's own behaviour). The controller
 * (usePagedList) writes the term to the address, trimmed.
 */
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { FilterLiveForm, TextInput } from 'react-admin';
import { SEARCH_DEBOUNCE_MS } from '../../lib/listQuery';

export interface ListSearchProps {
  label: string;
  helperText?: string;
  /**
   * How long after the last keystroke the list follows (default the spec's 300 ms). A list that filters what it
   * already shows, answered by the server in a few milliseconds (the blocked lists), follows each keystroke (0).
   */
  debounceMs?: number;
}

export function ListSearch({ label, helperText, debounceMs = SEARCH_DEBOUNCE_MS }: ListSearchProps) {
  return (
    <FilterLiveForm debounce={debounceMs}>
      <TextInput
        source="q"
        type="search"
        label={label}
        helperText={helperText ?? false}
        size="small"
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 360 }, my: 0 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
    </FilterLiveForm>
  );
}
