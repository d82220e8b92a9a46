/**
 * A button that downloads a file the server makes (a CSV export, spec section 9): a spinner while it runs, the
 * file saved under the server's name, and the operation's persistent failure notice if it fails.
 */
import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadIcon from '@mui/icons-material/Download';
import type { DownloadedFile } from '../dataProvider/files';
import { useNotices } from '../notices/NoticesProvider';
import type { OperationName } from '../notices/operations';
import { saveFile } from './saveFile';

export interface DownloadButtonProps {
  operation: OperationName;
  download: () => Promise<DownloadedFile>;
  disabled?: boolean;
  children: ReactNode;
}

export function DownloadButton({ operation, download, disabled, children }: DownloadButtonProps) {
  const notices = useNotices();
  const [running, setRunning] = useState(false);

  async function run() {
    setRunning(true);
    try {
      saveFile(await download());
    } catch (error) {
      notices.fail(operation, { error });
    } finally {
      setRunning(false);
    }
  }

  return (
    <Button
      variant="outlined"
      onClick={() => void run()}
      disabled={running || disabled}
      startIcon={running ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon aria-hidden />}
    >
      {children}
    </Button>
  );
}
