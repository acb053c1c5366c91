import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteLoadError } from '../federation/loadPage.ts';

type Props = { remote: string; onRetry(): void; renderError(error: RemoteLoadError, retry: () => void): ReactNode; children: ReactNode };
type State = { failure: { error: unknown } | null };

/** Catches a remote that fails to load or throws while rendering; the rest of the console keeps working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`remote ${this.props.remote} failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ failure: null });
    this.props.onRetry();
  };

  override render(): ReactNode {
    const failure = this.state.failure;
    if (!failure) return this.props.children;
    const error =
      failure.error instanceof RemoteLoadError
        ? failure.error
        : new RemoteLoadError(this.props.remote, 'render', failure.error instanceof Error ? failure.error.message : String(failure.error));
    return this.props.renderError(error, this.retry);
  }
}
