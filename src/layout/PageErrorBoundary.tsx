/**
 * Keeps a crashing screen from taking the menu and header with it: the page area shows the general error with
 * a retry, and moving to another page (resetKey = path) clears it.
 */
import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useI18n } from '../i18n/I18nContext';

interface Props {
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
}

function PageError({ onRetry }: { onRetry: () => void }) {
  const { translate } = useI18n();
  return (
    <Alert
      severity="error"
      sx={{ mt: 3 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('app.reload')}
        </Button>
      }
    >
      {translate('errorMessages.general')}
    </Alert>
  );
}

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Page failed to render', error);
    this.setState({ failedAt: this.props.resetKey });
  }

  override render() {
    const { failedAt } = this.state;
    if (failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey)) {
      return <PageError onRetry={() => this.setState({ failedAt: null })} />;
    }
    return this.props.children;
  }
}
