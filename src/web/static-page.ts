/**
 * The entry script of the public content pages (home, how it works, about, safety, legal, FAQ, driver
 * pages; ADR 034). The server sends them whole (rendered with the app's own components, ADR 010), so a
 * guest needs no React at all: this script only wires what the page does by itself, each from a small
 * module in light/: the header's height, the Menu, the accessibility panel and its shortcuts, the cookie
 * banner and preferences, the connection banner and consent-gated analytics. Links are plain page loads;
 * the app's pages load the app. A signed-in visitor gets the app (their own header), as on any app page.
 */
import './styles.css';
import { applyAccessibilitySettings, loadAccessibilitySettings } from './features/accessibility/stored.ts';
import { signedInHint } from './light/signed-in.ts';
import { wirePage } from './light/wire.ts';

// Saved accessibility settings (a larger font, high contrast) apply before the first paint.
applyAccessibilitySettings(loadAccessibilitySettings());

// The app's entry script, named by the server (render.ts withAppEntry): loaded as a script of its own, so
// this page shares no code with the app's start and the app's pages keep their one entry file.
const appEntry = document.querySelector('meta[name="app-entry"]')?.getAttribute('content');
if (signedInHint() && appEntry) {
  const script = document.createElement('script');
  script.type = 'module';
  script.src = appEntry;
  document.head.append(script);
} else {
  wirePage();
}
