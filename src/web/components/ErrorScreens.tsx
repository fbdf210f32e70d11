/** The error screens of SPEC §2.7. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { ERROR_BOUNDARY_RETRIES } from '../../shared/constants.ts';
import { UI_TEXT } from '../../shared/messages.ts';
import { config } from '../app/config.ts';
import { Button } from './ui/button.tsx';

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A mail draft to support with the error details. */
export function reportErrorHref(error: unknown) {
  const body = [
    `Page: ${location.href}`,
    `Time: ${new Date().toISOString()}`,
    `Browser: ${navigator.userAgent}`,
    `Error: ${errorText(error)}`,
    error instanceof Error && error.stack ? `Stack:\n${error.stack.slice(0, 1500)}` : '',
  ].join('\n');
  return `mailto:${config.supportEmail}?subject=${encodeURIComponent(`Error report: ${errorText(error).slice(0, 80)}`)}&body=${encodeURIComponent(body)}`;
}

/** Router fallback: 'Unexpected Application Error!' with the error text. */
export function RouterFallback({ error }: { error: unknown }) {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-bold text-red-800">{UI_TEXT.routerFallback}</h1>
      <p className="mt-4 rounded bg-red-50 p-4 font-mono text-sm text-red-900">{errorText(error)}</p>
      <p className="mt-6 flex gap-3">
        <Button onClick={() => location.reload()}>Reload Page</Button>
        <Button variant="secondary" asChild>
          <a href="/">Go Home</a>
        </Button>
      </p>
    </main>
  );
}

/**
 * Shows the router fallback in place of the page (header included) when a page fails to load or render,
 * until the visitor goes elsewhere: a new location clears the error, as react-router's own boundary did.
 */
export class RouteErrorBoundary extends Component<
  { location: Location; children: ReactNode },
  { error: unknown; location: Location }
> {
  state = { error: null as unknown, location: this.props.location };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(UI_TEXT.routerFallback, error, info.componentStack);
  }
  render() {
    return this.state.error ? <RouterFallback error={this.state.error} /> : this.props.children;
  }
}

/** Whole-app boundary: 'Something went wrong', Reload Page, Report Error. */
export class GlobalErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(UI_TEXT.globalError, error, info.componentStack);
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-2xl font-bold">{UI_TEXT.globalError}</h1>
        <p className="mt-3 text-slate-700">The page hit an unexpected problem. Reloading usually fixes it.</p>
        <p className="mt-6 flex justify-center gap-3">
          <Button onClick={() => location.reload()}>Reload Page</Button>
          <Button variant="secondary" asChild>
            <a href={reportErrorHref(this.state.error)}>Report Error</a>
          </Button>
        </p>
      </main>
    );
  }
}

/** Per-area boundary: Try Again (3 times, re-render after 100 ms), Go Home, Report Error. */
export class ComponentErrorBoundary extends Component<
  { children: ReactNode },
  { error: unknown; retries: number; retrying: boolean }
> {
  state = { error: null as unknown, retries: 0, retrying: false };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  retry = () => {
    this.setState({ retrying: true });
    setTimeout(() => this.setState((s) => ({ error: null, retries: s.retries + 1, retrying: false })), 100);
  };
  render() {
    if (!this.state.error) return this.props.children;
    const canRetry = this.state.retries < ERROR_BOUNDARY_RETRIES;
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
        <h2 className="text-lg font-bold text-red-900">This part of the page could not be shown</h2>
        <p className="mt-2 text-sm text-red-900">{errorText(this.state.error)}</p>
        <p className="mt-4 flex flex-wrap gap-3">
          {canRetry && (
            <Button size="sm" onClick={this.retry} disabled={this.state.retrying}>
              Try Again
            </Button>
          )}
          <Button size="sm" variant="secondary" asChild>
            <a href="/">Go Home</a>
          </Button>
          <Button size="sm" variant="secondary" asChild>
            <a href={reportErrorHref(this.state.error)}>Report Error</a>
          </Button>
        </p>
      </div>
    );
  }
}
