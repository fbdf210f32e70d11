/**
 * Starts the React app: the entry script of the app's pages (main.tsx) calls it at once, and the public
 * pages' entry (static-page.ts) when the visitor is signed in (their header is the app's, ADR 034).
 * Public pages arrive with their content already in #root (server-rendered, issue 5), so the browser can
 * paint them before any of the app's code runs: the app (React, the router, the shell) is fetched and
 * started only after that first paint. A page without server content (the signed-in app) starts the app
 * at once.
 */
import { holdEarlyInput } from './early-input.ts';

/** A macrotask boundary, so the browser can paint and handle input between the steps below. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function bootApp() {
  const root = document.getElementById('root');
  const serverRendered = Boolean(root?.hasAttribute('data-prerendered'));
  const releaseEarlyInput = root && serverRendered ? holdEarlyInput(root) : null;

  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    // The app's code is evaluated in steps (React DOM, the router and shell, then the app), each in a task of
    // its own, instead of one long task that would keep a slow phone from responding to a tap for a quarter
    // second. (Our own module for the router, not 'react-router' itself, so unused exports stay out.)
    await import('react-dom/client');
    await nextTask();
    await import('./router.tsx');
    await nextTask();
    const { startApp } = await import('./start.tsx');
    await startApp();
    releaseEarlyInput?.();
  };

  if (serverRendered) {
    // The frame after the next one has been painted; the timer covers tabs opened in the background,
    // where animation frames do not run.
    requestAnimationFrame(() => setTimeout(() => void start(), 0));
    setTimeout(() => void start(), 1000);
  } else {
    void start();
  }
}
