/**
 * A list's search box: what is typed shows at once, the list follows 300 ms after the last keystroke (spec
 * sections 4 and 9; the debounce is kept here rather than in useDebouncedValue, so the box knows which terms it
 * sent). When the term changes from outside (Back, a link), the box follows it. Escape clears the box.
 */
import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { usePagedListContext } from './PagedTable';
import { SEARCH_DEBOUNCE_MS } from '../../lib/listQuery';

export interface SearchBoxProps {
  value: string;
  onSearch: (term: string) => void;
  label: string;
  helperText?: string;
  /**
   * How long after the last keystroke the list follows (default the spec's 300 ms). A list that filters what it
   * already shows, answered by the server in a few milliseconds (the blocked lists), follows each keystroke (0):
   * a superseded read is cancelled and the rows on screen stay until the next arrive.
   */
  debounceMs?: number;
}

export function SearchBox({ value, onSearch, label, helperText, debounceMs = SEARCH_DEBOUNCE_MS }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  // Terms this box sent whose echo has not come back in `value` yet, oldest first.
  const [sent, setSent] = useState<readonly string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ value, onSearch });
  useEffect(() => {
    latest.current.value = value;
    latest.current.onSearch = onSearch;
  }, [value, onSearch]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Follow the address when it changes for another reason than this box (Back, a link). The echo of a term this
  // box sent is no such change: the user may have typed on meanwhile (at once, without a debounce, the address
  // can be a keystroke or two behind the box).
  if (value !== followed) {
    setFollowed(value);
    const echo = sent.indexOf(value);
    if (echo >= 0) setSent(sent.slice(echo + 1));
    else if (text.trim() !== value) {
      setText(value);
      setSent([]);
    }
  }

  // The term is sent trimmed (the API trims it too), so spaces alone or around it never start a search.
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const term = next.trim();
      // Nothing new for the list (the address shows it already, e.g. a letter typed and taken back).
      if (term === latest.current.value) return;
      setSent((terms) => (terms.at(-1) === term ? terms : [...terms, term]));
      latest.current.onSearch(term);
    }, debounceMs);
  };

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      helperText={helperText}
      value={text}
      onChange={(event) => change(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text !== '') change('');
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
export function ListSearch({ label, helperText, debounceMs }: Pick<SearchBoxProps, 'label' | 'helperText' | 'debounceMs'>) {
  const list = usePagedListContext();
  return <SearchBox value={list.query.search} onSearch={(term) => list.setFilters({ q: term })} label={label} helperText={helperText} debounceMs={debounceMs} />;
}
