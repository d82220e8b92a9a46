/**
 * Keeps a crashing screen from taking the menu and header with it: the page area shows the general error with
 * a retry, and moving to another page (resetKey = path) clears it.
 */
import { Component, type ReactNode } from 'react';
import { LoadError } from '../components/LoadError';

interface Props {
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
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
      return <LoadError onRetry={() => this.setState({ failedAt: null })} retryKey="app.reload" sx={{ mt: 3 }} />;
    }
    return this.props.children;
  }
}
