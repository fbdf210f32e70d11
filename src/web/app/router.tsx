/**
 * The browser's router over the app's routes (routes.tsx), in declarative mode (ADR 037). Its own module,
 * so the app's start evaluates the router and the shell in a task of its own (boot.ts).
 */
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routes.tsx';

export { preloadRoute } from './routes.tsx';

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
