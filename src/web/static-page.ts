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

if (signedInHint()) {
  void import('./app/boot.ts').then(({ bootApp }) => bootApp());
} else {
  wirePage();
}
