import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface BoundaryState {
  error: unknown;
  hasError: boolean;
  componentStack: string | null;
  /** How many times the boundary has been reset (Try Again). */
  retryCount: number;
}

export interface FallbackProps extends BoundaryState {
  reset: () => void;
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: (props: FallbackProps) => ReactNode;
  /** Errors this boundary handles; the others go on to the next boundary up. */
  catches?: (error: unknown) => boolean;
  onError?: (error: unknown, info: ErrorInfo) => void;
  onReset?: (retryCount: number) => void;
  /** Resets the boundary when any of these change (e.g. the location). */
  resetKeys?: readonly unknown[];
}

const initial: BoundaryState = { error: null, hasError: false, componentStack: null, retryCount: 0 };

/** The generic boundary: shows the error; Try Again resets it and counts the attempt. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, BoundaryState> {
  override state: BoundaryState = initial;

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.props.catches && !this.props.catches(error)) return;
    this.setState({ componentStack: info.componentStack ?? null });
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(prev: ErrorBoundaryProps): void {
    const a = prev.resetKeys ?? [];
    const b = this.props.resetKeys ?? [];
    if (this.state.hasError && (a.length !== b.length || a.some((v, i) => !Object.is(v, b[i])))) {
      this.setState(initial);
    }
  }

  reset = (): void => {
    const retryCount = this.state.retryCount + 1;
    this.setState({ error: null, hasError: false, componentStack: null, retryCount });
    this.props.onReset?.(retryCount);
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    // Not ours: rethrow so the next boundary up handles it.
    if (this.props.catches && !this.props.catches(this.state.error)) throw this.state.error;
    return this.props.fallback({ ...this.state, reset: this.reset });
  }
}
