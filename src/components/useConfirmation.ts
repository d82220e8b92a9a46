/**
 * A ConfirmDialog asked about something (a row, or nothing for a whole-section action): `ask` opens it; what it
 * asks about stays while the dialog fades out (`subject`), and `dialog` goes on the ConfirmDialog: Cancel closes
 * it, confirming closes it and hands the subject to `onConfirm`.
 */
import { useState } from 'react';

export function useConfirmation<Subject = void>(onConfirm: (subject: Subject) => void) {
  const [asked, setAsked] = useState<{ subject: Subject; open: boolean } | null>(null);
  return {
    subject: asked?.subject,
    ask: (subject: Subject) => setAsked({ subject, open: true }),
    dialog: {
      open: asked?.open ?? false,
      onCancel: () => setAsked((state) => state && { ...state, open: false }),
      onConfirm: () => {
        if (!asked) return;
        onConfirm(asked.subject);
        setAsked({ ...asked, open: false });
      },
    },
  };
}
