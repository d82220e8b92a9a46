/**
 * The one place notices appear: a stack of MUI Alerts inside a polite live region that is always in the page
 * (screen readers only announce changes to a region that already exists), drawn in the frame's NoticeOutlet: in
 * the page's flow, so a notice pushes the page down and never covers its controls. Danger notices
 * are role="alert" so they are announced at once. Each notice can be dismissed; 'Clear all' appears when
 * there are several. A fading notice waits while the pointer is over it or focus is inside it, so nobody
 * loses a message they are reading (WCAG 2.2.1).
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useI18n } from '../i18n/I18nContext';
import { useNoticeOutlet } from './NoticeOutlet';
import { useNoticeList, useNoticeRemover, useNotices } from './NoticesProvider';
import { fades, type Notice, type NoticeContext } from './noticesReducer';

const SEVERITY: Record<NoticeContext, 'success' | 'warning' | 'error' | 'info'> = {
  success: 'success',
  warning: 'warning',
  danger: 'error',
  info: 'info',
};

function NoticeItem({ notice }: { notice: Notice }) {
  const { translate } = useI18n();
  const { dismiss } = useNotices();
  const remove = useNoticeRemover();
  const [held, setHeld] = useState({ hover: false, focus: false });
  const paused = held.hover || held.focus;

  useEffect(() => {
    if (!fades(notice) || paused) return undefined;
    const timer = setTimeout(() => dismiss(notice.id), notice.msToClose);
    return () => clearTimeout(timer);
  }, [notice, paused, dismiss]);

  const text = notice.key !== undefined ? translate(notice.key, notice.values) : notice.text;
  const { action } = notice;
  return (
    <Alert
      severity={SEVERITY[notice.context]}
      variant="filled"
      role={notice.context === 'danger' ? 'alert' : 'none'}
      onClose={() => dismiss(notice.id)}
      slotProps={{ closeButton: { 'aria-label': translate('notifications.dismiss'), title: translate('notifications.dismiss') } }}
      onMouseEnter={() => setHeld((state) => ({ ...state, hover: true }))}
      onMouseLeave={() => setHeld((state) => ({ ...state, hover: false }))}
      onFocus={() => setHeld((state) => ({ ...state, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld((state) => ({ ...state, focus: false }));
      }}
      action={
        action ? (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              action.onAction();
              remove(notice.id);
            }}
          >
            {translate(action.labelKey)}
          </Button>
        ) : undefined
      }
      sx={{ boxShadow: 1, alignItems: 'center', '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
      data-notice-id={notice.id}
    >
      {text}
    </Alert>
  );
}

export function NoticeStack() {
  const notices = useNoticeList();
  const { clear } = useNotices();
  const { translate } = useI18n();
  const outlet = useNoticeOutlet();
  const stack = (
    <Box
      aria-live="polite"
      aria-label={translate('notifications.region')}
      role="log"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, py: notices.length ? 1 : 0 }}
    >
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
      {notices.length > 1 && (
        <Button variant="contained" color="inherit" size="small" onClick={clear} sx={{ alignSelf: 'flex-end' }}>
          {translate('notifications.clearAll')}
        </Button>
      )}
    </Box>
  );
  return outlet ? createPortal(stack, outlet) : stack;
}
