/** An outlined 'Copy' button whose accessible name says what it copies. */
import Button from '@mui/material/Button';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useI18n } from '../i18n/I18nContext';
import { useCopyToClipboard } from './useCopyToClipboard';

export interface CopyButtonProps {
  text: string;
  /** Accessible name, e.g. 'Copy standard code'. */
  label: string;
  /** Visible text; default 'Copy'. */
  children?: string;
  disabled?: boolean;
}

export function CopyButton({ text, label, children, disabled }: CopyButtonProps) {
  const { translate } = useI18n();
  const copy = useCopyToClipboard();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ContentCopyIcon aria-hidden />}
      aria-label={label}
      disabled={disabled}
      onClick={() => void copy(text)}
    >
      {children ?? translate('common.copy')}
    </Button>
  );
}
