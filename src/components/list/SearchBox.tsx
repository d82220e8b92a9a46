/**
 * A list's search box: what is typed shows at once, the list follows 300 ms after the last keystroke
 * (useDebouncedValue). When the term changes from outside (Back, a link), the box follows it. Escape clears
 * the box.
 */
import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { usePagedListContext } from './PagedTable';
import { useDebouncedValue } from './useDebouncedValue';

export interface SearchBoxProps {
  value: string;
  onSearch: (term: string) => void;
  label: string;
  helperText?: string;
}

export function SearchBox({ value, onSearch, label, helperText }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  // Follow the address when it changes for another reason than this box (Back, a link).
  if (value !== followed) {
    setFollowed(value);
    if (text.trim() !== value) setText(value);
  }

  // The term is sent trimmed (the API trims it too), so spaces alone or around it never start a search.
  const term = useDebouncedValue(text.trim());
  const searched = useRef(term);
  useEffect(() => {
    if (term === searched.current) return;
    searched.current = term;
    if (term !== value) onSearchRef.current(term);
  }, [term, value]);

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      helperText={helperText}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text !== '') setText('');
      }}
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 360 } }}
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
  );
}

/** The search box of a server-paged list (usePagedList's list context): the address's search term. */
export function ListSearch({ label, helperText }: Pick<SearchBoxProps, 'label' | 'helperText'>) {
  const list = usePagedListContext();
  return <SearchBox value={list.query.search} onSearch={(term) => list.setFilters({ q: term })} label={label} helperText={helperText} />;
}
