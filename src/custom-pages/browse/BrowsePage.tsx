/**
 * /browse, the publisher chooser (spec section 2 'Publisher chooser'): 'Select a Publisher', a search box
 * (debounced; one letter is not searched and hides the results of the previous term, with a line saying why; a
 * number of any length is, since ids 1-9 could never be found otherwise and the hint promises search by id),
 * focused on arrival, the matching publishers as a keyboard-navigable list (arrow keys move
 * between results, Enter or Space chooses), 'No result found' when nothing matches. Internal users search all
 * publishers (the server decides). When the user has exactly one publisher it is chosen automatically.
 * Choosing stores the publisher and the user's publisher list, then opens /home/reporting.
 *
 * The search is the `publishers` resource through useGetList: a new term cancels the search in flight (its
 * answer can never overwrite a newer one), and the results shown stay while a newer search runs or fails.
 *
 * The search box is the one input of a react-admin Form with no submit (a filter: Enter sends nothing); the page
 * reads the typed text from it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { Form, TextInput, useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { session, useSession, type Publisher } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { useReferenceLabel } from '../../i18n/referenceLabels';
import { MAX_SEARCH_RESULTS } from '../../lib/limits';
import { ChooserFrame } from './ChooserFrame';
import { paths } from '../../routes';

/**
 * Spec section 5: a one-character term is ignored (null); the others are searched trimmed. A digit is searched:
 * it can only be an id (the hint offers search by id, and ids 1-9 would never be found otherwise).
 */
export function searchableTerm(raw: string): string | null {
  const term = raw.trim();
  return term.length === 1 && !/^\d$/.test(term) ? null : term;
}

const searchParams = (term: string) => ({ filter: { q: term }, pagination: { page: 1, perPage: MAX_SEARCH_RESULTS } });

interface Answer {
  term: string;
  results: Publisher[];
}

export function BrowsePage() {
  return (
    <Form defaultValues={{ search: '' }} noValidate>
      <Chooser />
    </Form>
  );
}

function Chooser() {
  const { translate } = useI18n();
  const referenceLabel = useReferenceLabel();
  const navigate = useNavigate();
  const { publisher: current, token } = useSession();
  // An emptied field is null (react-admin's TextInput parse).
  const typed = (useWatch({ name: 'search' }) as string | null | undefined) ?? '';
  // The term searched: the debounced text, except that a one-character text keeps the previous term.
  const [term, setTerm] = useState('');
  const next = searchableTerm(useDebouncedValue(typed));
  if (next !== null && next !== term) setTerm(next);
  // One letter left in the box: the results of the term before it would be stale, so none are shown.
  const tooShort = next === null;
  const search = useGetList<Publisher>('publishers', searchParams(term), { placeholderData: keepPreviousData });
  // The latest answer, kept while a newer search runs or after it fails.
  const [answer, setAnswer] = useState<Answer | null>(null);
  if (search.isSuccess && !search.isPlaceholderData && (answer?.term !== term || answer.results !== search.data)) {
    setAnswer({ term, results: search.data });
  }
  const status = search.isSuccess && !search.isPlaceholderData ? 'done' : search.isError && !search.isFetching ? 'failed' : 'loading';

  const [chosen, setChosen] = useState<Publisher | null>(null);
  // The user's own list (the unfiltered first answer) decides the change-publisher button later.
  const [ownList, setOwnList] = useState<Publisher[] | null>(null);
  if (ownList === null && status === 'done' && term === '' && answer) setOwnList(answer.results);
  // A search typed before the unfiltered answer arrived cancelled it: once a publisher is chosen, ask for the
  // user's own list again, or a multi-publisher user would be stored with only the matches and lose the
  // change-publisher button.
  // Its own query (meta), so it never waits on the cancelled first search.
  const own = useGetList<Publisher>('publishers', { ...searchParams(''), meta: { ownList: true } }, { enabled: chosen !== null && ownList === null });
  const listRef = useRef<HTMLUListElement>(null);
  const searchId = useId();

  const onlyOne = status === 'done' && term === '' && answer?.results.length === 1 ? answer.results[0] : undefined;
  useEffect(() => {
    if (!onlyOne) return;
    session.setPublishers([onlyOne]);
    session.setPublisher(onlyOne);
    navigate(paths.reporting(), { replace: true });
  }, [onlyOne, navigate]);

  // The own list once known; null when asking for it failed (the matches shown stand in).
  const ownResolved = ownList ?? (own.isSuccess ? own.data : own.isError ? null : undefined);
  const opened = useRef(false);
  useEffect(() => {
    if (chosen === null || ownResolved === undefined || opened.current) return;
    opened.current = true;
    session.setPublishers(ownResolved ?? answer?.results ?? [chosen]);
    session.setPublisher(chosen);
    navigate(paths.reporting());
  }, [chosen, ownResolved, answer, navigate]);

  function moveFocus(event: KeyboardEvent, from: number) {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-publisher]') ?? [])];
    const target =
      event.key === 'ArrowDown' ? from + 1 : event.key === 'ArrowUp' ? from - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : null;
    if (target === null) return;
    event.preventDefault();
    if (target < 0) document.getElementById(searchId)?.focus();
    else buttons[Math.min(target, buttons.length - 1)]?.focus();
  }

  const results = tooShort ? [] : (answer?.results ?? []);
  // A member of no publisher (never invited, or removed from the last team): no search can help (issue 30).
  const memberOfNone = !token?.isInternal && status === 'done' && term === '' && results.length === 0;
  if (memberOfNone) {
    return (
      <ChooserFrame title={translate('browse.title')}>
        <Alert severity="info">{translate('membership.noPublisher')}</Alert>
      </ChooserFrame>
    );
  }
  const busy = !tooShort && (status === 'loading' || onlyOne !== undefined || chosen !== null);
  return (
    <ChooserFrame title={translate('browse.title')}>
      <TextInput
        source="search"
        id={searchId}
        label="browse.searchLabel"
        helperText="browse.searchHint"
        resettable={false}
        onKeyDown={(event) => moveFocus(event, -1)}
        fullWidth
        autoComplete="off"
        // The page's one task is this search: the box is ready for typing on arrival.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden="true" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-controls': `${searchId}-results` },
        }}
      />
      <LinearProgress sx={{ visibility: busy ? 'visible' : 'hidden', mt: 2 }} aria-hidden={!busy} aria-label={translate('browse.searching')} />
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary', my: 1 }}>
        {chosen
          ? translate('browse.choosing', { name: chosen.name })
          : tooShort
            ? translate('browse.tooShort')
            : status === 'done'
            ? translate('browse.resultCount', { smart_count: results.length })
            : status === 'loading'
              ? translate('browse.searching')
              : ''}
      </Typography>
      {status === 'failed' && !tooShort && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void search.refetch()}>
              {translate('app.reload')}
            </Button>
          }
        >
          {translate('errorMessages.general')}
        </Alert>
      )}
      <List id={`${searchId}-results`} ref={listRef} aria-label={translate('browse.results')} sx={{ maxHeight: 420, overflowY: 'auto' }}>
        {status === 'done' && !tooShort && results.length === 0 && (
          <ListItem>
            <ListItemText primary={translate('browse.noResult')} sx={{ color: 'text.secondary' }} />
          </ListItem>
        )}
        {results.map((publisher, index) => (
          <ListItem key={publisher.id} disablePadding>
            <ListItemButton
              data-publisher={publisher.id}
              selected={current?.id === publisher.id}
              onClick={() => setChosen(publisher)}
              onKeyDown={(event) => moveFocus(event, index)}
              disabled={chosen !== null}
            >
              <ListItemText
                primary={publisher.name}
                secondary={`#${publisher.id} · ${referenceLabel('businessUnits', publisher.businessUnit)}${current?.id === publisher.id ? ` · ${translate('browse.current')}` : ''}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </ChooserFrame>
  );
}
