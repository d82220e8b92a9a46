/**
 * react-admin's `notification` slot: takes what react-admin's own useNotify() queued (its auth errors, form
 * and mutation messages) and shows it on the app's notice stack, so the app has one notification surface.
 * Undoable mutations keep working: the notice gets an Undo action, and closing it any other way commits.
 * It also says when data on screen could not be refreshed (useStaleDataNotice), and takes away a notice whose button
 * belongs to a page the user left (useNoticesStayOnTheirPage).
 */
import { useEffect, useRef } from 'react';
import { useNotificationContext, useTakeUndoableMutation, type NotificationPayload } from 'react-admin';
import { NoticeStack } from './NoticeStack';
import { useNotices } from './NoticesProvider';
import { useStaleDataNotice } from './useStaleDataNotice';
import { useNoticesStayOnTheirPage } from './useNoticesStayOnTheirPage';
import type { NoticeContext, NoticeInput } from './noticesReducer';

const CONTEXT: Record<NotificationPayload['type'], NoticeContext> = {
  success: 'success',
  info: 'info',
  warning: 'warning',
  error: 'danger',
};

export function toNoticeInput(
  notification: NotificationPayload,
  settleUndoable?: (isUndo: boolean) => void,
): NoticeInput {
  const { message, type, notificationOptions = {} } = notification;
  const { autoHideDuration, messageArgs, undoable } = notificationOptions;
  const context = CONTEXT[type];
  const input: NoticeInput = {
    ...(typeof message === 'string' ? { key: message, values: { _: message, ...messageArgs } } : { text: message }),
    context,
    // react-admin: null means 'do not hide'; errors stay like the app's own failures (spec section 8).
    msToClose: autoHideDuration === null ? 0 : (autoHideDuration ?? undefined),
    neverFade: autoHideDuration === null || (context === 'danger' && autoHideDuration === undefined),
  };
  if (undoable && settleUndoable) {
    input.action = { labelKey: 'ra.action.undo', onAction: () => settleUndoable(true) };
    input.onClose = () => settleUndoable(false);
  }
  return input;
}

export function AdminNotifications() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  // The queue's take function changes with the queue; settle with the latest one, whenever the notice closes.
  const takeMutationRef = useRef(takeMutation);
  useEffect(() => {
    takeMutationRef.current = takeMutation;
  }, [takeMutation]);
  const notices = useNotices();
  useStaleDataNotice();
  useNoticesStayOnTheirPage();

  useEffect(() => {
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification) return;
    let settled = false;
    const settle = (isUndo: boolean) => {
      if (settled) return;
      settled = true;
      takeMutationRef.current()?.({ isUndo });
    };
    notices.show(toNoticeInput(notification, settle));
  }, [notifications, takeNotification, notices]);

  return <NoticeStack />;
}
