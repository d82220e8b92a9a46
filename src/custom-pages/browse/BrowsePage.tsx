/**
 * /browse, the publisher chooser (spec section 2 'Publisher chooser'): 'Select a Publisher', a search box
 * (debounced, one character ignored), the matching publishers as a keyboard-navigable list (arrow keys move
 * between results, Enter or Space chooses), 'No result found' when nothing matches. Internal users search all
 * publishers (the server decides). When the user has exactly one publisher it is chosen automatically.
 * Choosing stores the publisher and the user's publisher list, then opens /home/reporting.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import { session, useSession, type Publisher } from '../../dataProvider/session';
import { useI18n } from '../../i18n/I18nContext';
import { ChooserFrame } from './ChooserFrame';
import { usePublisherSearch } from './usePublisherSearch';

export function BrowsePage() {
  const { translate } = useI18n();
  const navigate = useNavigate();
  const { publisher: current } = useSession();
  const [term, setTerm] = useState('');
  const [attempt, setAttempt] = useState(0);
  const search = usePublisherSearch(term, attempt);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [chosen, setChosen] = useState<Publisher | null>(null);
  // The user's own list (the unfiltered first answer) decides the change-publisher button later.
  const [ownList, setOwnList] = useState<Publisher[] | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const searchId = useId();

  if (ownList === null && search.status === 'done' && search.term === '' && search.results) setOwnList(search.results);

  const onlyOne = search.status === 'done' && search.term === '' && search.results?.length === 1 ? search.results[0] : undefined;
  useEffect(() => {
    if (!onlyOne) return;
    session.setPublishers([onlyOne]);
    session.setPublisher(onlyOne);
    navigate('/home/reporting', { replace: true });
  }, [onlyOne, navigate]);

  async function choose(publisher: Publisher) {
    setChosen(publisher);
    // A search typed before the unfiltered answer arrived aborted it: ask for the user's own list now, or a
    // multi-publisher user would be stored with only the matches and lose the change-publisher button.
    const own = ownList ?? (await dataProvider.searchPublishers('').catch(() => null));
    session.setPublishers(own ?? search.results ?? [publisher]);
    session.setPublisher(publisher);
    navigate('/home/reporting');
  }

  function moveFocus(event: KeyboardEvent, from: number) {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-publisher]') ?? [])];
    const target =
      event.key === 'ArrowDown' ? from + 1 : event.key === 'ArrowUp' ? from - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : null;
    if (target === null) return;
    event.preventDefault();
    if (target < 0) document.getElementById(searchId)?.focus();
    else buttons[Math.min(target, buttons.length - 1)]?.focus();
  }

  const results = search.results ?? [];
  const busy = search.status === 'loading' || onlyOne !== undefined || chosen !== null;
  return (
    <ChooserFrame title={translate('browse.title')}>
      <TextField
        id={searchId}
        label={translate('browse.searchLabel')}
        helperText={translate('browse.searchHint')}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={(event) => moveFocus(event, -1)}
        fullWidth
        autoComplete="off"
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
          : search.status === 'done'
            ? translate('browse.resultCount', { smart_count: results.length })
            : search.status === 'loading'
              ? translate('browse.searching')
              : ''}
      </Typography>
      {search.status === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((value) => value + 1)}>
              {translate('app.reload')}
            </Button>
          }
        >
          {translate('errorMessages.general')}
        </Alert>
      )}
      <List id={`${searchId}-results`} ref={listRef} aria-label={translate('browse.results')} sx={{ maxHeight: 420, overflowY: 'auto' }}>
        {search.status === 'done' && results.length === 0 && (
          <ListItem>
            <ListItemText primary={translate('browse.noResult')} sx={{ color: 'text.secondary' }} />
          </ListItem>
        )}
        {results.map((publisher, index) => (
          <ListItem key={publisher.id} disablePadding>
            <ListItemButton
              data-publisher={publisher.id}
              selected={current?.id === publisher.id}
              onClick={() => void choose(publisher)}
              onKeyDown={(event) => moveFocus(event, index)}
              disabled={chosen !== null}
            >
              <ListItemText
                primary={publisher.name}
                secondary={`#${publisher.id} · ${publisher.businessUnit.name}${current?.id === publisher.id ? ` · ${translate('browse.current')}` : ''}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </ChooserFrame>
  );
}
