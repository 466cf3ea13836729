import { Component, type ErrorInfo, type ReactNode } from "react";

/** Unexpected errors in a view end here, with the spec's message, instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <p role="alert" style={{ padding: 24 }}>
          An error occurred, please reload the page. Message: {this.state.error.message}
        </p>
      );
    }
    return this.props.children;
  }
}
