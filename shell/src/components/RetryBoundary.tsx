import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RetryBoundaryProps {
  /** names the part in the console's warning */
  label: string;
  /** shown instead of the children once they have failed to render */
  failed: ReactNode;
  /** told of each error the children threw */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/** Shows `failed` instead of its children when they throw (a download that failed); remounted (a new key) to try again. */
export class RetryBoundary extends Component<RetryBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`[${this.props.label}]`, error.message, info.componentStack ?? '');
    this.props.onError?.(error);
  }

  render() {
    return this.state.failed ? this.props.failed : this.props.children;
  }
}
