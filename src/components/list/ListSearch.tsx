/**
 * A list's search box: a TextInput for `q` in a live form (spec sections 4 and 9: the list follows 300 ms after the
 * last keystroke). Not react-admin's SearchInput, which allows no label or helper text, nor its FilterLiveForm (issue
 * 39): one 'just typed' flag decides there whether the box takes the list's filter, and a submit that changes nothing
 * (a trailing space: the term is trimmed) leaves it set, so Back was skipped. Here the box takes the address's term
 * whenever no edit of the user's waits for its debounce and no address written (their search) is still to be shown.
 */
import { useEffect, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { TextInput, useEvent, useListContext } from 'react-admin';
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
  const form = useForm<{ q: string | null }>({ defaultValues: { q: addressTerm } });
  const address = useSearchAddress();
  /** The debounce of the user's edit (the box's value) while it waits to be sent. */
  const waiting = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const send = useEvent(() => {
    if (waiting.current === undefined) return;
    clearTimeout(waiting.current);
    waiting.current = undefined;
    // The term alone: the list's other filters as shown could undo a change of them still on its way.
    setFilters({ q: form.getValues('q') ?? '' });
  });
  const edited = () => {
    clearTimeout(waiting.current);
    waiting.current = setTimeout(send, debounceMs);
  };
  useEffect(() => () => clearTimeout(waiting.current), []);

  // After every render: the address shown may have caught up with the last one written without changing the term.
  useEffect(() => {
    if (waiting.current === undefined && address.settled() && term(form.getValues('q')) !== addressTerm) form.reset({ q: addressTerm });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(send)}>
        <TextInput
          source="q"
          type="search"
          onChange={edited}
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
