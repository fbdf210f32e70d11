/**
 * Composes the API and the web app into one Hono application.
 * Order: request id -> security headers -> client address -> origin check -> body limit -> session ->
 * idempotency (the creating POSTs of IDEMPOTENT_ROUTES) -> routes.
 */

import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { requestId } from 'hono/request-id';
import { API_MESSAGES } from '../shared/messages.ts';
import type { PublicConfig } from '../web/app/config.ts';
import { type Auth, CLIENT_IP_HEADER, createAuth, sessionCookieName } from './auth/auth.ts';
import { SessionCache } from './auth/session-cache.ts';
import { assertNoSecretsInBundle } from './bundle-secrets.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { bodyLimits } from './http/body-limit.ts';
import { compressAnswers } from './http/compress.ts';
import type { AppBindings, Deps } from './http/context.ts';
import { refuseControlCharacters } from './http/control-characters.ts';
import {
  busyCause,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailable,
  isDatabaseUnavailable,
  isInputRejectedByDatabase,
  refuseWhenSaturated,
  serverBusy,
} from './http/database-errors.ts';
import { AppError, errorResponse, notFound } from './http/errors.ts';
import { eventStreamHead } from './http/event-stream.ts';
import { HEALTH_PATH, HealthProbe } from './http/health-probe.ts';
import { IDEMPOTENT_ROUTES, idempotency } from './http/idempotency.ts';
import { clientIp, originCheck, sessionLoader } from './http/middleware.ts';
import { securityHeaders } from './http/security-headers.ts';
import { idempotentAnswers } from './idempotent-answers.ts';
import { clearGuard } from './modules/account/lockout.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { avatarRoutes, avatarRpcRoutes } from './modules/avatars/routes.ts';
import { billingRoutes, stripeWebhookRoutes } from './modules/billing/routes.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { clientErrorRoutes } from './modules/client-errors/routes.ts';
import { preferenceRoutes, pushRoutes } from './modules/delivery/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { driverCardRoutes } from './modules/driver-cards/routes.ts';
import { documentFileRoutes } from './modules/drivers/documents.ts';
import { driverRoutes } from './modules/drivers/routes.ts';
import { vehiclePhotoRoutes } from './modules/drivers/vehicles.ts';
import { sendEmailRoutes } from './modules/email/routes.ts';
import { fareGuideRoutes } from './modules/fare-guide/routes.ts';
import { instantBookingRoutes } from './modules/fares/instant-routes.ts';
import { fareRoutes } from './modules/fares/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { issueRoutes } from './modules/issues/routes.ts';
import { meRoutes } from './modules/me/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { placeRoutes } from './modules/places/routes.ts';
import { questionRoutes } from './modules/questions/routes.ts';
import { quoteRoutes } from './modules/quotes/routes.ts';
import { ratingRoutes } from './modules/ratings/routes.ts';
import { activateDrafts } from './modules/rides/activate-drafts.ts';
import { rideRoutes } from './modules/rides/routes.ts';
import { runRoutes } from './modules/runs/routes.ts';
import { smsRoutes } from './modules/sms/routes.ts';
import { sessionRoutes } from './modules/users/routes.ts';
import { robotsTxt, sitemapXml } from './seo/crawl.ts';
import { isPagePath } from './seo/pages.ts';
import { withAccessibilityDefaults, withAppEntry } from './seo/render.ts';
import { createPageHtml } from './seo/ssr.ts';
import type { SiteInfo } from './seo/structured-data.ts';
import { createLater } from './services/later.ts';
import { createMailer, type Mailer, mailFrom } from './services/mail.ts';
import { RealtimeHub } from './services/realtime.ts';

/** better-auth endpoints the browser may call directly; every other account action goes through /api/account. */
/** The built page of the public content pages, served without the React app (vite.config.ts, ADR 034). */
const STATIC_PAGE_FILE = 'static-page.html';

const PUBLIC_AUTH_PATHS = [
  /^\/api\/auth\/get-session$/,
  /^\/api\/auth\/verify-email$/,
  /^\/api\/auth\/magic-link\/verify$/,
  /^\/api\/auth\/reset-password\/[^/]+$/,
];

/**
 * The API's route groups under their prefixes, mounted in this order once the session is loaded. Each is
 * made with the app's dependencies and its realtime hub (only the notifications stream uses the hub).
 */
const API_ROUTES: [prefix: string, routes: (deps: Deps, hub: RealtimeHub) => Hono<AppBindings>][] = [
  ['/api/account', accountRoutes],
  ['/api/session', sessionRoutes],
  ['/api/drivers', driverRoutes],
  ['/api/vehicles', vehiclePhotoRoutes],
  ['/api/driver-cards', driverCardRoutes],
  ['/api/driver-documents', documentFileRoutes],
  ['/api/admin', adminRoutes],
  ['/api/places', placeRoutes],
  ['/api/rides', rideRoutes],
  ['/api', questionRoutes],
  ['/api/quotes', quoteRoutes],
  ['/api/bookings', bookingRoutes],
  ['/api/billing', billingRoutes],
  ['/api/stripe', stripeWebhookRoutes],
  ['/api/ratings', ratingRoutes],
  ['/api/notifications', notificationRoutes],
  ['/api/files', fileRoutes],
  ['/api/avatars', avatarRoutes],
  ['/api/rpc', avatarRpcRoutes],
  ['/api/issues', issueRoutes],
  ['/api/analytics', analyticsRoutes],
  ['/api/client-errors', clientErrorRoutes],
  ['/api/push', pushRoutes],
  ['/api/notification-preferences', preferenceRoutes],
  ['/api/send-email', sendEmailRoutes],
  ['/api/me', meRoutes],
  ['/api/sms', smsRoutes],
  ['/api/fare-guide', fareGuideRoutes],
  ['/api/runs', runRoutes],
  // Issue 31: drivers' fare tables and the price list; a posted trip's instant prices and booking.
  ['/api/fares', fareRoutes],
  ['/api/rides', instantBookingRoutes],
];

export interface AppOptions {
  env: Env;
  database: Database;
  /** Built web app folder; omitted in API-only tests. */
  webDir?: string;
  mailer?: Mailer;
  /** This server's number in a cluster (cluster.ts), sent as X-Worker; null or omitted when alone. */
  worker?: number | null;
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function trustedOriginsFor(env: Env): string[] {
  const url = new URL(env.APP_URL);
  const origins = new Set([url.origin]);
  // localhost and 127.0.0.1 are different origins to a browser; accept both for the same port locally.
  if (url.hostname === 'localhost')
    origins.add(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`);
  if (url.hostname === '127.0.0.1')
    origins.add(`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`);
  return [...origins];
}

export function createApp(opts: AppOptions) {
  const { env, database } = opts;
  const db = database.db;
  const mailer = opts.mailer ?? createMailer(db, { from: mailFrom(env) });
  const trustedOrigins = trustedOriginsFor(env);
  const auth: Auth = createAuth({
    db,
    env,
    mailer,
    trustedOrigins,
    onPasswordReset: (email) => clearGuard(db, email),
    onSignedIn: async (userId) => {
      await activateDrafts(db, userId);
    },
  });
  const hub = new RealtimeHub(database);
  const sessions = new SessionCache();
  // Sessions are cached only once this instance hears about their changes (NOTIFY session_change).
  void sessions.listen(database);
  const deps: Deps = {
    db,
    env,
    auth,
    mailer,
    hub,
    later: createLater(),
    sessions,
    listen: (channel, onPayload, onResume) => database.listen(channel, onPayload, onResume),
  };
  /** Set when the process has been asked to stop: /api/ready fails so the load balancer moves on. */
  const lifecycle = { draining: false };

  const app = new Hono<AppBindings>();
  app.onError((err, c) => {
    if (err instanceof AppError) return errorResponse(c, err);
    if (isInputRejectedByDatabase(err)) {
      console.warn(`[${c.get('requestId')}] input refused by the database:`, (err as Error).message);
      return errorResponse(c, new AppError(400, 'validation', API_MESSAGES.validation));
    }
    const busy = busyCause(err);
    if (busy) {
      console.warn(`[${c.get('requestId')}] server_busy ${c.req.method} ${c.req.path}: ${busy.message}`);
      return errorResponse(c, serverBusy());
    }
    if (isDatabaseUnavailable(err)) {
      console.error(
        `[${c.get('requestId')}] database unavailable:`,
        err instanceof Error ? err.message : err,
      );
      return errorResponse(c, databaseUnavailable());
    }
    console.error(`[${c.get('requestId')}]`, err);
    return errorResponse(c, new AppError(500, 'internal', API_MESSAGES.internal));
  });
  app.notFound((c) =>
    c.req.path.startsWith('/api/') ? errorResponse(c, notFound()) : c.text('Not found', 404),
  );

  // Liveness probes: the first is answered through the whole chain below, later ones with its headers
  // before the app (health-probe.ts; index.ts hands `health.answer` to the server).
  const health = new HealthProbe(database.kind);
  app.get(HEALTH_PATH, health.learn());
  // The live event stream is written to Node's response; its head, with every header the chain below
  // sets, is written here, outermost (http/event-stream.ts).
  app.use('/api/notifications/stream', eventStreamHead());
  app.use('*', requestId());
  if (opts.worker) {
    // Which server of the cluster answered: for operators reading responses, and the cluster test.
    const worker = String(opts.worker);
    app.use('*', async (c, next) => {
      c.header('X-Worker', worker);
      await next();
    });
  }
  app.use('*', securityHeaders({ production: env.isProduction }));
  // For load balancers and orchestrators, before compression and any session work (docs/ARCHITECTURE.md
  // "Health"):
  // /api/health: the process is alive and serving (never touches the database; restart it if this fails).
  // /api/ready: this instance can serve traffic: the database answers, this build's migrations are
  // applied, and it is not shutting down (take it out of rotation while this fails).
  app.get(HEALTH_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.body(health.body, 200, { 'Content-Type': 'application/json' });
  });
  app.get('/api/ready', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (lifecycle.draining) {
      c.header('Retry-After', '5');
      return c.json({ ok: false, reason: 'shutting down' }, 503);
    }
    const ready = await database.ready();
    if (!ready.ok) {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ ok: false, reason: ready.reason }, 503);
    }
    return c.json({ ok: true, database: database.kind });
  });
  // After the probes, which answer a few bytes and leave no work behind (issue 17: they are polled often).
  app.use('*', compressAnswers());
  // Work an API route leaves for after its answer waits for the answer to be sent (services/later.ts).
  app.use('/api/*', (c, next) =>
    deps.later.scope((c.env as { outgoing?: ServerResponse } | undefined)?.outgoing, next),
  );
  app.use('/api/*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // A saturated instance refuses new work at once (503 server_busy) instead of queueing it for seconds.
  app.use('/api/*', refuseWhenSaturated(database.load));
  app.use('/api/*', clientIp(deps));
  app.use('/api/*', originCheck(trustedOrigins));
  // Before anything reads a body: 413 for a body over its route's limit, without reading it.
  app.use('/api/*', bodyLimits());
  // NUL and other control characters in any string a request carries: 400 before any route (issue 28).
  app.use('/api/*', refuseControlCharacters());

  // better-auth's own routes: only the few the browser needs, with our client address header.
  app.all('/api/auth/*', async (c) => {
    if (!PUBLIC_AUTH_PATHS.some((re) => re.test(c.req.path))) throw notFound();
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('ip'));
    // The body as c.req keeps it: http/control-characters.ts has read it from the request already.
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    return auth.handler(new Request(c.req.raw, { headers, body }));
  });

  app.use('/api/*', sessionLoader(deps));
  // Safe retries of the POSTs that create something (after the session: keys are per user).
  app.on('POST', [...IDEMPOTENT_ROUTES], idempotency(deps, idempotentAnswers));
  for (const [prefix, routes] of API_ROUTES) app.route(prefix, routes(deps, hub));
  // The mailbox shows everyone's sign-in and reset links: only on a developer's own machine.
  if (env.APP_ENV === 'development') app.route('/api/dev', devRoutes(deps));
  // Unknown API paths answer JSON 404, never the web app's index.html.
  app.all('/api/*', () => {
    throw notFound();
  });

  // Crawlers: the public pages in, the signed-in area out (issue 5).
  const site: SiteInfo = {
    brandName: env.BRAND_NAME,
    appUrl: env.APP_URL,
    supportEmail: env.SUPPORT_EMAIL,
    driversEmail: env.DRIVERS_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
  };
  const sitemap = sitemapXml(env.APP_URL);
  const robots = robotsTxt(env.APP_URL);
  app.get('/sitemap.xml', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemap, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robots);
  });

  if (opts.webDir && existsSync(path.join(opts.webDir, 'index.html'))) {
    const webDir = opts.webDir;
    assertNoSecretsInBundle(webDir, env);
    // Public settings for the browser, in a meta tag (the CSP forbids inline scripts). Nothing secret.
    const publicConfig = JSON.stringify({
      brandName: env.BRAND_NAME,
      supportEmail: env.SUPPORT_EMAIL,
      driversEmail: env.DRIVERS_EMAIL,
      supportPhone: env.SUPPORT_PHONE,
      appEnv: env.APP_ENV,
      appUrl: env.APP_URL,
    });
    const readTemplate = (file: string) =>
      withAccessibilityDefaults(
        readFileSync(path.join(webDir, file), 'utf8').replace(
          '__APP_CONFIG__',
          escapeAttribute(publicConfig),
        ),
      );
    const template = readTemplate('index.html');
    // The public content pages' page without the React app (ADR 034); older builds have none.
    const staticTemplate = existsSync(path.join(webDir, STATIC_PAGE_FILE))
      ? withAppEntry(readTemplate(STATIC_PAGE_FILE), template)
      : undefined;
    // Each public route's HTML (metadata, JSON-LD, the page itself) is rendered on first request and kept.
    const pageHtml = createPageHtml({
      template,
      staticTemplate,
      site,
      publicConfig: JSON.parse(publicConfig) as PublicConfig,
      onError: (p, error) =>
        console.error(`Server rendering of ${p} failed; the browser will render it.`, error),
    });
    app.use(
      '/assets/*',
      serveStatic({
        root: path.relative(process.cwd(), webDir),
        // The build writes .br and .gz beside each asset (vite.config.ts); compressAnswers() leaves them alone.
        precompressed: true,
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    app.use('*', async (c, next) => {
      // index.html goes through the routes below; the build's manifest (.vite/) is not for browsers.
      if (
        c.req.path === '/' ||
        c.req.path === '/index.html' ||
        c.req.path === `/${STATIC_PAGE_FILE}` ||
        c.req.path.startsWith('/.vite/')
      )
        return next();
      return serveStatic({ root: path.relative(process.cwd(), webDir) })(c, next);
    });
    // Every other path: a route of the single-page app (200), or no page at all (404 with the app's
    // not-found page, never a redirect).
    app.get('*', async (c) => {
      c.header('Cache-Control', 'no-cache');
      // Only whether a session cookie is there, not whether it is valid: a stale one loads the app, which
      // finds out (and a page that needs no app for a guest still works with it).
      const signedIn = Boolean(getCookie(c, sessionCookieName(env)));
      return c.html(
        await pageHtml(c.req.path, { signedIn }),
        isPagePath(c.req.path, env.APP_ENV) ? 200 : 404,
      );
    });
  }

  return { app, deps, hub, lifecycle, health };
}
