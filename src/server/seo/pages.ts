/**
 * Which public routes the server describes to crawlers and link previews (issue 5, "Found and shared"):
 * the content pages from src/shared/public-content.ts plus the sign-in and utility screens, whose titles
 * match what their React pages set with usePageMeta.
 */
import { PUBLIC_PAGES, type PublicPageMeta } from '../../shared/public-content.ts';
import { isAppRoute, PUBLIC_ROUTES, ROUTE_ACCESS } from '../../shared/roles.ts';

/** Sign-in and utility screens: not content, but still served with their own title and heading. */
const SCREENS: Record<string, PublicPageMeta> = {
  '/login': {
    title: 'Sign In',
    description: 'Sign in to book shuttle rides or quote for trips in Port Stephens.',
    heading: 'Sign in',
  },
  '/password-auth': {
    title: 'Sign In or Sign Up',
    description: 'Sign in with a one-time link or create an account.',
    heading: 'Welcome',
  },
  '/signup': {
    title: 'Sign Up',
    description: 'Create a free account to post shuttle trips and compare quotes from local drivers.',
    heading: 'Create your account',
  },
  '/signup/driver': {
    title: 'Driver Sign Up',
    description: 'Register your shuttle business to quote for pre-booked trips in Port Stephens.',
    heading: 'Register as a driver',
  },
  '/signup/test': {
    title: 'Test Sign Up',
    description: 'Try the app with a test account that lives only in this browser tab.',
    heading: 'Create a test account',
  },
  '/signup/test-driver': {
    title: 'Test Driver Sign Up',
    description: 'Try the driver side of the app with a test account in this browser tab.',
    heading: 'Create a test driver account',
  },
  '/forgot-password': {
    title: 'Forgot Password',
    description: 'Get a link by e-mail to choose a new password.',
    heading: 'Forgot your password?',
  },
  '/reset-password': {
    title: 'Reset Password',
    description: 'Choose a new password for your account.',
    heading: 'Choose a new password',
  },
  '/undo-email-change': {
    title: 'Undo E-mail Change',
    description: 'Put back the e-mail address of your account.',
    heading: 'Undo the e-mail change',
  },
  '/test-page': {
    title: 'Test Page',
    description: 'Debug page with navigation links and location information.',
    heading: 'Test page',
  },
};

/** Test, debug and one-off screens: served with noindex and left out of the sitemap. */
export const NOINDEX_PATHS: readonly string[] = [
  '/signup/test',
  '/signup/test-driver',
  '/test-page',
  '/success',
  '/reset-password',
  '/undo-email-change',
  '/password-auth',
  '/forgot-password',
];

/**
 * Screens the server leaves to the browser: they show what only the browser knows (its own location, a
 * test session kept in the tab, a reset token in the address), so a server rendering could not match.
 */
export const CLIENT_RENDERED_PATHS: readonly string[] = [
  '/signup/test',
  '/signup/test-driver',
  '/test-page',
  '/reset-password',
  '/undo-email-change',
];

/** Content pages whose body the server renders as static HTML (the rest get only head metadata). */
export function contentPage(path: string): PublicPageMeta | undefined {
  return (PUBLIC_PAGES as Record<string, PublicPageMeta>)[path];
}

/**
 * Content pages with a form, which needs the app's code (validation, the request, the answer): served with
 * the app's entry script like the sign-in screens.
 */
const CONTENT_PAGES_WITH_FORMS: readonly string[] = ['/support', '/driver-support'];

/**
 * Whether the page is served without the React app (ADR 034): a content page the server renders whole,
 * whose entry script (src/web/static-page.ts) only wires the menu, the overlays and the cookie banner.
 */
export function servedWithoutApp(path: string): boolean {
  return Boolean(contentPage(path)) && !CONTENT_PAGES_WITH_FORMS.includes(path);
}

/** The metadata of a public route, or undefined when the path is not a public route. */
export function publicPageMeta(path: string): PublicPageMeta | undefined {
  return contentPage(path) ?? SCREENS[path];
}

/** "/about/" and "/about" are the same page; query and hash are not part of the path. */
export function normalisePath(path: string): string {
  const clean = path.split(/[?#]/)[0] || '/';
  return clean.length > 1 && clean.endsWith('/') ? clean.slice(0, -1) : clean;
}

/** Public routes listed in /sitemap.xml, in PUBLIC_ROUTES order: only real pages, which answer 200. */
export function sitemapPaths(): string[] {
  return PUBLIC_ROUTES.filter((p) => !NOINDEX_PATHS.includes(p) && publicPageMeta(p) && isAppRoute(p));
}

/**
 * The not-found page's title and description, as src/web/routes/not-found.tsx sets them in the browser
 * (tests/api/seo.test.ts and e2e/seo.spec.ts compare the two).
 */
export const NOT_FOUND_META = {
  title: 'Page Not Found',
  description: 'The page you asked for does not exist.',
} as const;

/**
 * Whether the server answers this path with a page of the app (200) or with the not-found page (404):
 * the app's routes (src/shared/roles.ts APP_ROUTES), and the development tools' pages in development.
 */
export function isPagePath(path: string, appEnv: string): boolean {
  return isAppRoute(normalisePath(path), { dev: appEnv === 'development' });
}

/**
 * robots.txt Disallow prefixes: every signed-in route (from the route access lists, so a new one is
 * covered automatically), the API and the development tools.
 */
export function disallowedPrefixes(): string[] {
  const publicSet = new Set<string>(PUBLIC_ROUTES);
  const out = new Set<string>(['/api/', '/dev/', '/admin']);
  for (const role of ['customer', 'driver', 'admin'] as const) {
    for (const pattern of ROUTE_ACCESS[role]) {
      if (publicSet.has(pattern)) continue;
      out.add(pattern.endsWith('/*') ? pattern.slice(0, -1) : pattern);
    }
  }
  out.add('/driver-dashboard');
  return [...out].sort();
}
