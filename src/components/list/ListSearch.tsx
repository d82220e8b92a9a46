/**
 * A list's search box: a TextInput for `q` in a live form (spec sections 4 and 9: the list follows 300 ms after the
 * last keystroke). Not react-admin's SearchInput, which allows no label or helper text, nor its FilterLiveForm (issue
 * 39): one 'just typed' flag decides there whether the box takes the list's filter, and a submit that changes nothing
 * (a trailing space: the term is trimmed) leaves it set, so Back was skipped. Here the box takes the address's term
 * whenever no edit of the user's waits for its debounce and no address written (their search) is still to be shown.
 */
import { useEffect, useLayoutEffect, useRef, type ChangeEvent, type FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { TextInput, useListContext } from 'react-admin';
import { SEARCH_DEBOUNCE_MS } from '../../lib/listQuery';
import { useSearchAddress } from '../useSearchAddress';

export interface ListSearchProps {
  label: string;
  helperText?: string;
  /** Default the spec's 300 ms; 0 for a list that filters what it already shows (the blocked lists). */
  debounceMs?: number;
}

const term = (value: unknown) => String(value ?? '').trim();

export function ListSearch({ label, helperText, debounceMs = SEARCH_DEBOUNCE_MS }: ListSearchProps) {
  const { filterValues, setFilters } = useListContext();
  const addressTerm = term((filterValues as Record<string, unknown>).q);
  const form = useForm<{ q: string }>({ defaultValues: { q: addressTerm } });
  const address = useSearchAddress();
  /** The user's edit waiting for its debounce. */
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; q: string } | null>(null);
  const latestSetFilters = useRef(setFilters);
  useLayoutEffect(() => void (latestSetFilters.current = setFilters));

  const send = () => {
    const edit = waiting.current;
    if (!edit) return;
    clearTimeout(edit.timer);
    waiting.current = null;
    // The term alone: the list's other filters as shown could undo a change of them still on its way.
    latestSetFilters.current({ q: edit.q });
  };

  const edited = (q: string) => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = { q, timer: setTimeout(send, debounceMs) };
  };
  useEffect(() => () => void (waiting.current && clearTimeout(waiting.current.timer)), []);

  // After every render: the address shown may have caught up with the last one written without changing the term.
  useEffect(() => {
    if (!waiting.current && address.settled() && term(form.getValues('q')) !== addressTerm) form.reset({ q: addressTerm });
  });

  const submitNow = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submitNow}>
        <TextInput
          source="q"
          type="search"
          onChange={(event: ChangeEvent<HTMLInputElement>) => edited(event.target.value)}
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
      </form>
    </FormProvider>
  );
}
