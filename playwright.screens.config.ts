/**
 * `npm run screens` (issue 18): the key screens of every role saved as PNGs at 390 and 1280 px, so a change
 * to the design can be looked at side by side. Not a test run: the same server set-up as the journeys
 * (playwright.config.ts), one worker, the capture script e2e/screens/capture.screens.ts only.
 */
import { defineConfig } from '@playwright/test';
import journeys from './playwright.config.ts';

export default defineConfig({
  ...journeys,
  workers: 1,
  retries: 0,
  timeout: 600_000,
  projects: [
    { name: 'admin-session', testMatch: /admin-session\.setup\.ts/ },
    { name: 'screens', testMatch: /capture\.screens\.ts/, dependencies: ['admin-session'] },
  ],
});
