/** The browser's router over the app's routes (routes.tsx). */
import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes);
