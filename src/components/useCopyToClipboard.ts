/**
 * Copy to the clipboard with the spec's feedback (section 8: copy success toasts last 3 seconds). When the
 * browser refuses (no permission, insecure page) the user is told to copy by hand instead of being left unsure.
 */
import { useCallback } from 'react';
import { useNotices } from '../notices/NoticesProvider';

export const COPY_TOAST_MS = 3000;

export function useCopyToClipboard(): (text: string) => Promise<boolean> {
  const notices = useNotices();
  return useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
        await navigator.clipboard.writeText(text);
        notices.show({ key: 'common.copied', context: 'success', endpointName: 'copy', msToClose: COPY_TOAST_MS });
        return true;
      } catch {
        notices.show({ key: 'common.copyFailed', context: 'danger', endpointName: 'copy', msToClose: COPY_TOAST_MS });
        return false;
      }
    },
    [notices],
  );
}
