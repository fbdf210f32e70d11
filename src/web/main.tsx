/**
 * The page's only entry script, kept tiny on purpose. Public pages arrive with their content already in
 * #root (server-rendered, issue 5), so the browser can paint them before any of the app's code runs: the
 * app (React, the router, the shell) is fetched and started only after that first paint. A page without
 * server content (the signed-in app) starts the app at once.
 */
import './styles.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./app/start.tsx');
};

if (document.querySelector('#root > [data-prerendered]')) {
  // The frame after the next one has been painted; the timer covers tabs opened in the background,
  // where animation frames do not run.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
} else {
  start();
}
