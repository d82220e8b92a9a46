/**
 * Hands a downloaded file to the browser under the name the server chose (spec section 9: export file names
 * include a timestamp), through a temporary object URL that is released right after.
 */
import type { DownloadedFile } from '../dataProvider/files';

export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after click() returns; release it on the next tick.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
