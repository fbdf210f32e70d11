/**
 * The entry script of the app's pages (the signed-in app, sign-in and sign-up, the support form), kept
 * tiny on purpose: it applies the saved accessibility settings and starts the app (app/boot.ts). The
 * public content pages have their own entry without React (static-page.ts, ADR 034).
 */
import './styles.css';
import { bootApp } from './app/boot.ts';
import { applyAccessibilitySettings, loadAccessibilitySettings } from './features/accessibility/stored.ts';

// Saved accessibility settings (a larger font, high contrast) apply before the first paint.
applyAccessibilitySettings(loadAccessibilitySettings());

bootApp();
