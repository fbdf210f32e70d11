/**
 * First-party analytics (SPEC §3 Analytics session/event/page view, §7 POST /api/analytics, §9 constants):
 * the constants and the batch schema, shared by the browser (which sends) and the API (which validates).
 */
import { z } from './validation/z.ts';

/** SPEC §9 analytics constants. */
export const ANALYTICS = {
  /** Batches are sent this often. */
  batchIntervalMs: 30_000,
  /** At most this many events and page views are kept in the browser; the oldest are dropped. */
  maxBuffered: 200,
  /** Click text and search queries are cut to this many characters. */
  maxTextLength: 50,
  /** Time-on-site milestones, in minutes. */
  milestonesMinutes: [5, 15, 30],
  /** Scroll depth is reported after the page has not scrolled for this long. */
  scrollIdleMs: 1_000,
  scrollDepths: [25, 50, 75, 100],
  /** A session ends after this long without activity. */
  sessionTimeoutMs: 30 * 60_000,
  /** Performance reports are disabled in the app (SPEC §7). */
  performanceIntervalMs: 60_000,
  performanceEnabled: false,
} as const;

/** Server-side limits of one POST /api/analytics. */
export const ANALYTICS_LIMITS = {
  /** Events plus page views in one batch. */
  maxBatchItems: ANALYTICS.maxBuffered,
  idMax: 100,
  nameMax: 100,
  urlMax: 2_000,
  titleMax: 300,
  userAgentMax: 500,
  /** Serialised JSON size of one event's properties. */
  propertiesMaxChars: 4_000,
  /** A page view longer than a day is cut to a day. */
  timeOnPageMaxMs: 24 * 60 * 60_000,
} as const;

export const ANALYTICS_MESSAGES = {
  consentRequired: 'Analytics data is only accepted with analytics consent.',
  tooManyItems: `A batch may hold at most ${ANALYTICS_LIMITS.maxBatchItems} events and page views.`,
} as const;

/** Cuts a text to the analytics limit (SPEC §9: click text and search queries, 50 characters). */
export function cutText(value: string | null | undefined, max: number = ANALYTICS.maxTextLength): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
}

// Strings from the browser are cut to their limit rather than refused (a long title must not lose the
// batch); ids and names are refused when empty or absurdly long.
const cut = (max: number) => z.string().transform((s) => s.slice(0, max));
const optionalCut = (max: number) => cut(max).nullish();
const id = z.string().min(1).max(ANALYTICS_LIMITS.idMax);
const timestamp = z.union([z.number().int().nonnegative(), z.string().max(40)]).transform((v, ctx) => {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'Invalid timestamp' });
    return z.NEVER;
  }
  return d;
});

const properties = z
  .record(z.string().max(100), z.unknown())
  .default({})
  .refine((p) => JSON.stringify(p).length <= ANALYTICS_LIMITS.propertiesMaxChars, {
    message: 'Event properties are too large',
  });

/** SPEC §3 Event: id, name, properties, timestamp, session id, user id, url, user agent, referrer. */
export const analyticsEventSchema = z.object({
  id,
  name: z.string().min(1).max(ANALYTICS_LIMITS.nameMax),
  properties,
  timestamp,
  sessionId: id,
  /** Ignored by the API: the user comes from the signed-in session. */
  userId: z.string().max(100).nullish(),
  url: cut(ANALYTICS_LIMITS.urlMax),
  userAgent: optionalCut(ANALYTICS_LIMITS.userAgentMax),
  referrer: optionalCut(ANALYTICS_LIMITS.urlMax),
});

/** SPEC §3 Page view: url, title, timestamp, session id, user id, referrer, time on page (plus an id). */
export const analyticsPageViewSchema = z.object({
  id,
  url: cut(ANALYTICS_LIMITS.urlMax),
  title: optionalCut(ANALYTICS_LIMITS.titleMax),
  timestamp,
  sessionId: id,
  userId: z.string().max(100).nullish(),
  referrer: optionalCut(ANALYTICS_LIMITS.urlMax),
  timeOnPage: z
    .number()
    .nonnegative()
    .transform((n) => Math.round(Math.min(n, ANALYTICS_LIMITS.timeOnPageMaxMs)))
    .nullish(),
});

/** SPEC §3 Analytics session: id, start time, last activity, page views, events, active flag. */
export const analyticsSessionSchema = z.object({
  id,
  startTime: timestamp,
  lastActivity: timestamp,
  pageViews: z.number().int().nonnegative().max(1_000_000),
  events: z.number().int().nonnegative().max(1_000_000),
  isActive: z.boolean(),
  userId: z.string().max(100).nullish(),
});

export const analyticsBatchSchema = z
  .object({
    events: z.array(analyticsEventSchema).max(ANALYTICS_LIMITS.maxBatchItems).default([]),
    pageViews: z.array(analyticsPageViewSchema).max(ANALYTICS_LIMITS.maxBatchItems).default([]),
    session: analyticsSessionSchema,
    timestamp,
    consent: z.object({ analytics: z.literal(true) }),
  })
  .superRefine((batch, ctx) => {
    if (batch.events.length + batch.pageViews.length > ANALYTICS_LIMITS.maxBatchItems) {
      ctx.addIssue({ code: 'custom', path: ['events'], message: ANALYTICS_MESSAGES.tooManyItems });
    }
  });

export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;
export type AnalyticsPageView = z.input<typeof analyticsPageViewSchema>;
export type AnalyticsSession = z.input<typeof analyticsSessionSchema>;
export type AnalyticsBatch = z.input<typeof analyticsBatchSchema>;

export interface AnalyticsSummary {
  since: string;
  sessions: number;
  pageViews: number;
  events: number;
  topPages: { url: string; views: number }[];
}
