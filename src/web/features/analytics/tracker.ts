/**
 * First-party analytics (SPEC §3, §7, §9): one session per tab (ends after 30 minutes without activity),
 * page views with time on page, click / search / milestone / scroll-depth events, a buffer of at most 200
 * items (the oldest dropped), sent to our own /api/analytics every 30 s and by navigator.sendBeacon when
 * the page is hidden or left. Nothing goes to any third party. Only runs while analytics consent is given.
 */
import {
  ANALYTICS,
  type AnalyticsEvent,
  type AnalyticsPageView,
  cutText,
} from '../../../shared/analytics.ts';

const ENDPOINT = '/api/analytics';
const SESSION_KEY = 'sq.analyticsSession';
/** Items per request: keeps a beacon well under the browsers' 64 KB keepalive limit. */
const CHUNK = 50;
const TICK_MS = 15_000;

export interface TrackerSession {
  id: string;
  startTime: number;
  lastActivity: number;
  pageViews: number;
  events: number;
  isActive: boolean;
  /** Milestones (minutes) already recorded in this session. */
  milestones: number[];
}

type Item = { kind: 'event'; data: AnalyticsEvent } | { kind: 'page_view'; data: AnalyticsPageView };

interface CurrentPage {
  id: string;
  url: string;
  title: string;
  referrer: string | null;
  startedAt: number;
  scrollDepths: Set<number>;
}

export function newId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** A URL without query string or hash: they can hold tokens (reset links) or personal search terms. */
export function cleanUrl(href: string | null | undefined): string | null {
  if (!href) return null;
  try {
    const u = new URL(href, window.location.origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin === window.location.origin ? u.pathname : `${u.origin}${u.pathname}`;
  } catch {
    return null;
  }
}

function readSession(): TrackerSession | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as TrackerSession;
    if (typeof s.id !== 'string' || typeof s.lastActivity !== 'number') return null;
    return { ...s, milestones: Array.isArray(s.milestones) ? s.milestones : [] };
  } catch {
    return null;
  }
}

function writeSession(s: TrackerSession | null) {
  try {
    if (s) sessionStorage.setItem(SESSION_KEY, JSON.stringify(s));
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage blocked: the session lives in memory for this page.
  }
}

export interface TrackerOptions {
  /** Asked before every send: consent can be withdrawn at any moment. */
  allowed: () => boolean;
  now?: () => number;
}

export class AnalyticsTracker {
  private session: TrackerSession;
  private buffer: Item[] = [];
  private current: CurrentPage | null = null;
  private userId: string | null = null;
  private cleanups: (() => void)[] = [];
  private scrollTimer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  private readonly now: () => number;

  constructor(private readonly opts: TrackerOptions) {
    this.now = opts.now ?? Date.now;
    const stored = readSession();
    this.session =
      stored?.isActive && this.now() - stored.lastActivity < ANALYTICS.sessionTimeoutMs
        ? stored
        : this.freshSession();
    writeSession(this.session);
  }

  private freshSession(): TrackerSession {
    const t = this.now();
    return {
      id: newId(),
      startTime: t,
      lastActivity: t,
      pageViews: 0,
      events: 0,
      isActive: true,
      milestones: [],
    };
  }

  get sessionId() {
    return this.session.id;
  }

  setUser(userId: string | null) {
    this.userId = userId;
  }

  /** Starts listening (clicks, searches, scroll, visibility, unload) and the 30 s batch timer. */
  start() {
    const on = <K extends keyof WindowEventMap>(
      target: Window | Document,
      type: K | string,
      fn: (e: Event) => void,
      options?: AddEventListenerOptions,
    ) => {
      target.addEventListener(type, fn, options);
      this.cleanups.push(() => target.removeEventListener(type, fn, options));
    };
    on(document, 'click', (e) => this.onClick(e), { capture: true, passive: true });
    on(document, 'submit', (e) => this.onSubmit(e), { capture: true });
    on(window, 'scroll', () => this.onScroll(), { passive: true });
    for (const type of ['keydown', 'pointerdown', 'scroll']) {
      on(window, type, () => this.touch(), { passive: true, capture: true });
    }
    on(document, 'visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.flush({ beacon: true, includeCurrent: true });
      else this.touch();
    });
    on(window, 'pagehide', () => this.flush({ beacon: true, includeCurrent: true }));
    on(window, 'beforeunload', () => this.flush({ beacon: true, includeCurrent: true }));
    const batch = setInterval(
      () => void this.flush({ beacon: false, includeCurrent: false }),
      ANALYTICS.batchIntervalMs,
    );
    const tick = setInterval(() => this.tick(), TICK_MS);
    this.cleanups.push(
      () => clearInterval(batch),
      () => clearInterval(tick),
    );
  }

  /** Stops listening. With `discard`, everything unsent is dropped (consent withdrawn). */
  stop(discard = false) {
    for (const c of this.cleanups.splice(0)) c();
    clearTimeout(this.scrollTimer);
    if (discard) {
      this.buffer = [];
      this.current = null;
      writeSession(null);
    } else {
      this.flush({ beacon: true, includeCurrent: true });
    }
  }

  /** Records a page view for a route; the previous page's view is completed with its time on page. */
  pageView(pathname: string) {
    const url = cleanUrl(pathname) ?? pathname;
    if (this.current?.url === url) return;
    this.touch();
    const previous = this.current;
    if (previous) this.push({ kind: 'page_view', data: this.pageViewOf(previous) });
    const page: CurrentPage = {
      id: newId(),
      url,
      title: document.title,
      referrer: previous ? previous.url : cleanUrl(document.referrer),
      startedAt: this.now(),
      scrollDepths: new Set(),
    };
    this.current = page;
    this.session.pageViews += 1;
    writeSession(this.session);
    // Pages set their title after rendering: read it again a moment later.
    setTimeout(() => {
      if (this.current === page) page.title = document.title;
    }, 1_000);
  }

  /** Records an event (names are ours; properties must hold no personal data beyond 50-character texts). */
  track(name: string, properties: Record<string, unknown> = {}) {
    this.touch();
    this.session.events += 1;
    writeSession(this.session);
    this.push({
      kind: 'event',
      data: {
        id: newId(),
        name,
        properties,
        timestamp: this.now(),
        sessionId: this.session.id,
        userId: this.userId,
        url: this.current?.url ?? cleanUrl(window.location.pathname) ?? '/',
        userAgent: navigator.userAgent,
        referrer: this.current?.referrer ?? null,
      },
    });
  }

  /** Number of items waiting to be sent (for tests and diagnostics). */
  get pending() {
    return this.buffer.length;
  }

  private pageViewOf(page: CurrentPage): AnalyticsPageView {
    return {
      id: page.id,
      url: page.url,
      title: page === this.current ? document.title || page.title : page.title,
      timestamp: page.startedAt,
      sessionId: this.session.id,
      userId: this.userId,
      referrer: page.referrer,
      timeOnPage: Math.max(0, this.now() - page.startedAt),
    };
  }

  private push(item: Item) {
    this.buffer.push(item);
    // SPEC §9: at most 200 buffered; the oldest go first.
    if (this.buffer.length > ANALYTICS.maxBuffered)
      this.buffer.splice(0, this.buffer.length - ANALYTICS.maxBuffered);
  }

  /** Activity: a session idle for 30 minutes ends (what it had is sent) and a new one begins. */
  private touch() {
    const t = this.now();
    if (t - this.session.lastActivity >= ANALYTICS.sessionTimeoutMs || !this.session.isActive) {
      this.endSession();
      this.session = this.freshSession();
      if (this.current) {
        // The page the visitor is on starts the new session.
        this.current = {
          ...this.current,
          id: newId(),
          startedAt: t,
          referrer: null,
          scrollDepths: new Set(),
        };
        this.session.pageViews = 1;
      }
    }
    // Activity (scrolling especially) is frequent: storing it every few seconds is enough.
    const stale = t - this.session.lastActivity > 5_000;
    this.session.lastActivity = t;
    if (stale) writeSession(this.session);
  }

  private endSession() {
    if (!this.session.isActive) return;
    if (this.current) this.push({ kind: 'page_view', data: this.pageViewOf(this.current) });
    this.session.isActive = false;
    writeSession(this.session);
    this.flush({ beacon: false, includeCurrent: false, force: true });
  }

  private tick() {
    const t = this.now();
    if (this.session.isActive && t - this.session.lastActivity >= ANALYTICS.sessionTimeoutMs) {
      this.endSession();
      return;
    }
    if (!this.session.isActive) return;
    const minutes = (t - this.session.startTime) / 60_000;
    for (const m of ANALYTICS.milestonesMinutes) {
      if (minutes >= m && !this.session.milestones.includes(m)) {
        this.session.milestones.push(m);
        this.track('time_milestone', { minutes: m });
      }
    }
  }

  private onClick(e: Event) {
    const target = e.target instanceof Element ? e.target : null;
    const el = target?.closest('button, a, [role="button"], [role="link"]');
    if (!el) return;
    const isLink = el.tagName === 'A' || el.getAttribute('role') === 'link';
    const text = cutText(
      (el as HTMLElement).innerText || el.getAttribute('aria-label') || el.getAttribute('title'),
    );
    const properties: Record<string, unknown> = { element: isLink ? 'link' : 'button', text };
    if (el.tagName === 'A') properties.href = cleanUrl(el.getAttribute('href'));
    this.track('click', properties);
  }

  private onSubmit(e: Event) {
    const form = e.target instanceof HTMLFormElement ? e.target : null;
    if (!form) return;
    const field = form.querySelector<HTMLInputElement>(
      'input[type="search"], input[name="q"], input[name="query"], input[name="search"]',
    );
    const isSearch = field || form.getAttribute('role') === 'search';
    if (!isSearch) return;
    this.track('search', { query: cutText(field?.value) });
  }

  private onScroll() {
    clearTimeout(this.scrollTimer);
    // SPEC §9: scroll depth is reported once scrolling has stopped for 1 s.
    this.scrollTimer = setTimeout(() => this.reportScrollDepth(), ANALYTICS.scrollIdleMs);
  }

  private reportScrollDepth() {
    const page = this.current;
    if (!page) return;
    const doc = document.documentElement;
    const scrollable = doc.scrollHeight - window.innerHeight;
    const percent = scrollable <= 0 ? 100 : ((window.scrollY + window.innerHeight) / doc.scrollHeight) * 100;
    // Report the deepest threshold newly passed (and remember the ones below it).
    let deepest: number | undefined;
    for (const d of ANALYTICS.scrollDepths) {
      if (percent >= d - 0.5 && !page.scrollDepths.has(d)) {
        page.scrollDepths.add(d);
        deepest = d;
      }
    }
    if (deepest !== undefined) this.track('scroll_depth', { depth: deepest });
  }

  /**
   * Sends what is buffered. Periodic sends leave the current page view out (its time on page is not known
   * yet); leaving or hiding the page sends it too (resending the same id later is stored once).
   */
  flush(opts: { beacon: boolean; includeCurrent: boolean; force?: boolean }): void {
    if (!this.opts.allowed()) {
      this.buffer = [];
      return;
    }
    const items = this.buffer.splice(0);
    if (opts.includeCurrent && this.current)
      items.push({ kind: 'page_view', data: this.pageViewOf(this.current) });
    if (items.length === 0 && !opts.force) return;
    const chunks: Item[][] = [];
    for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
    if (chunks.length === 0) chunks.push([]);
    for (const chunk of chunks) {
      const body = JSON.stringify({
        events: chunk.filter((i) => i.kind === 'event').map((i) => i.data),
        pageViews: chunk.filter((i) => i.kind === 'page_view').map((i) => i.data),
        session: {
          id: this.session.id,
          startTime: this.session.startTime,
          lastActivity: this.session.lastActivity,
          pageViews: this.session.pageViews,
          events: this.session.events,
          isActive: this.session.isActive,
          userId: this.userId,
        },
        timestamp: this.now(),
        consent: { analytics: true },
      });
      if (opts.beacon) this.beacon(body);
      else void this.post(body, chunk);
    }
  }

  private beacon(body: string) {
    // A string is sent as text/plain, which sendBeacon accepts everywhere; the API reads it as JSON.
    try {
      if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, body)) return;
    } catch {
      // Fall through to fetch.
    }
    void fetch(ENDPOINT, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
    }).catch(() => undefined);
  }

  private async post(body: string, items: Item[]) {
    if (this.sending) {
      // One request at a time; a later batch will carry these.
      this.requeue(items);
      return;
    }
    this.sending = true;
    try {
      const res = await fetch(ENDPOINT, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
      });
      // A refusal of the data itself (4xx) will not get better by resending; a server error or rate limit may.
      if (res.status >= 500 || res.status === 429) this.requeue(items);
    } catch {
      this.requeue(items);
    } finally {
      this.sending = false;
    }
  }

  private requeue(items: Item[]) {
    if (!this.opts.allowed()) return;
    this.buffer = [...items, ...this.buffer];
    if (this.buffer.length > ANALYTICS.maxBuffered)
      this.buffer.splice(0, this.buffer.length - ANALYTICS.maxBuffered);
  }
}
