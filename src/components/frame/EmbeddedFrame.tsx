/**
 * A page of another service embedded in the console (reporting dashboards, the payment provider): a sandboxed,
 * titled frame of a fixed height (spec section 9), with the loading text over it until its address has arrived
 * and the page has loaded, and a failure text instead of a blank frame.
 *
 * - The address call fails: a refusal (4xx: the report is not available for these parameters) shows `noDataKey`;
 *   anything else `failureKey` with a retry.
 * - The page loads: its `load` event clears the overlay. The stand-in pages of the reference server run no script,
 *   so they cannot post a 'rendered' message; the load event and the timeout are the only signals.
 * - No load within `timeoutMs` (a blocked or stalled page): `failureKey` with a retry, which asks for a new address
 *   and loads the frame again. A load that still comes later shows the page.
 *
 * Sandbox: forms (the dashboards' period and zone filters are plain GET forms) and downloads (their CSV links),
 * nothing else: no script, no same-origin access to the console, no popups, no top navigation.
 */
import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { useI18n } from '../../i18n/I18nContext';

export const FRAME_LOAD_TIMEOUT_MS = 20_000;

export interface EmbeddedFrameProps {
  /** The page's address (useFrameAddress). */
  address: Pick<UseQueryResult<string>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  /** Accessible name of the frame. */
  title: string;
  height: number;
  loadingKey: string;
  failureKey: string;
  noDataKey?: string;
  timeoutMs?: number;
}

function Overlay({ children, status }: { children: ReactNode; status?: boolean }) {
  return (
    <Box
      role={status ? 'status' : undefined}
      sx={{ position: 'absolute', inset: 0, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', pt: 8, px: 2, bgcolor: 'background.paper' }}
    >
      {children}
    </Box>
  );
}

export function EmbeddedFrame({ address, title, height, loadingKey, failureKey, noDataKey, timeoutMs = FRAME_LOAD_TIMEOUT_MS }: EmbeddedFrameProps) {
  const { translate } = useI18n();
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setAttempt((n) => n + 1);
    void address.refetch();
  };
  const refused = address.error instanceof HttpError && address.error.status >= 400 && address.error.status < 500;

  let content: ReactNode;
  if (address.isError && refused && noDataKey) {
    content = (
      <Overlay>
        <Alert severity="info" sx={{ maxWidth: 640 }}>
          {translate(noDataKey)}
        </Alert>
      </Overlay>
    );
  } else if (address.isError && !address.isFetching) {
    content = <Failure textKey={failureKey} onRetry={retry} />;
  } else if (address.data === undefined || address.isError) {
    content = <Loading textKey={loadingKey} />;
  } else {
    content = (
      <FramedPage
        key={`${address.data}#${attempt}`}
        url={address.data}
        title={title}
        loadingKey={loadingKey}
        failureKey={failureKey}
        timeoutMs={timeoutMs}
        onRetry={retry}
      />
    );
  }
  return <Box sx={{ position: 'relative', width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>{content}</Box>;
}

function Loading({ textKey }: { textKey: string }) {
  const { translate } = useI18n();
  return (
    <Overlay status>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{translate(textKey)}</Typography>
      </Box>
    </Overlay>
  );
}

function Failure({ textKey, onRetry }: { textKey: string; onRetry: () => void }) {
  const { translate } = useI18n();
  return (
    <Overlay>
      <Alert
        severity="warning"
        sx={{ maxWidth: 640 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('common.retry')}
          </Button>
        }
      >
        {translate(textKey)}
      </Alert>
    </Overlay>
  );
}

interface FramedPageProps {
  url: string;
  title: string;
  loadingKey: string;
  failureKey: string;
  timeoutMs: number;
  onRetry: () => void;
}

/** One load of one address: its own state, so a new address or a retry starts from 'loading'. */
function FramedPage({ url, title, loadingKey, failureKey, timeoutMs, onRetry }: FramedPageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'timedOut'>('loading');
  useEffect(() => {
    const timer = setTimeout(() => setState((current) => (current === 'loading' ? 'timedOut' : current)), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return (
    <>
      <Box
        component="iframe"
        src={url}
        title={title}
        sandbox="allow-forms allow-downloads"
        referrerPolicy="no-referrer"
        onLoad={() => setState('loaded')}
        sx={{ display: 'block', border: 0, width: '100%', height: '100%', visibility: state === 'loaded' ? 'visible' : 'hidden' }}
      />
      {state === 'loading' && <Loading textKey={loadingKey} />}
      {state === 'timedOut' && <Failure textKey={failureKey} onRetry={onRetry} />}
    </>
  );
}
