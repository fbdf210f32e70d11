/** Storage and summary of first-party analytics (analytics_sessions, analytics_events). */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ANALYTICS_LIMITS,
  type AnalyticsSummary,
  type analyticsBatchSchema,
} from '../../../shared/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsEvents, analyticsSessions } from '../../db/schema/index.ts';

export type ParsedBatch = z.output<typeof analyticsBatchSchema>;

/** Browser clocks drift: a time in the future is taken as now. */
function notAfterNow(d: Date, now: Date): Date {
  return d.getTime() > now.getTime() ? now : d;
}

/**
 * Stores one batch in a transaction: the session is upserted by id (counts and last activity only move
 * forward; the user is set once, from the signed-in session), and each event and page view is inserted
 * once per (session_id, client_id), so a resent batch stores nothing new. Returns how many rows were new.
 */
export async function storeBatch(
  db: Db,
  batch: ParsedBatch,
  who: { userId: string | null; userAgent: string | null },
): Promise<number> {
  const now = new Date();
  const s = batch.session;
  const startedAt = notAfterNow(s.startTime, now);
  const lastActivityAt = notAfterNow(s.lastActivity, now);
  const userAgent = who.userAgent?.slice(0, ANALYTICS_LIMITS.userAgentMax) ?? null;

  const rows: (typeof analyticsEvents.$inferInsert)[] = [
    ...batch.events.map((e) => ({
      clientId: e.id,
      sessionId: e.sessionId,
      userId: who.userId,
      kind: 'event',
      name: e.name,
      url: e.url,
      title: null,
      referrer: e.referrer ?? null,
      properties: e.properties,
      timeOnPageMs: null,
      occurredAt: notAfterNow(e.timestamp, now),
    })),
    ...batch.pageViews.map((p) => ({
      clientId: p.id,
      sessionId: p.sessionId,
      userId: who.userId,
      kind: 'page_view',
      name: 'page_view',
      url: p.url,
      title: p.title ?? null,
      referrer: p.referrer ?? null,
      properties: {},
      timeOnPageMs: p.timeOnPage ?? null,
      occurredAt: notAfterNow(p.timestamp, now),
    })),
  ];

  return db.transaction(async (tx) => {
    await tx
      .insert(analyticsSessions)
      .values({
        id: s.id,
        userId: who.userId,
        startedAt,
        lastActivityAt,
        pageViews: s.pageViews,
        events: s.events,
        active: s.isActive,
        userAgent,
      })
      .onConflictDoUpdate({
        target: analyticsSessions.id,
        set: {
          userId: sql`coalesce(${analyticsSessions.userId}, excluded.user_id)`,
          startedAt: sql`least(${analyticsSessions.startedAt}, excluded.started_at)`,
          lastActivityAt: sql`greatest(${analyticsSessions.lastActivityAt}, excluded.last_activity_at)`,
          pageViews: sql`greatest(${analyticsSessions.pageViews}, excluded.page_views)`,
          events: sql`greatest(${analyticsSessions.events}, excluded.events)`,
          active: sql`excluded.active`,
          userAgent: sql`coalesce(${analyticsSessions.userAgent}, excluded.user_agent)`,
        },
      });
    if (rows.length === 0) return 0;
    const inserted = await tx
      .insert(analyticsEvents)
      .values(rows)
      .onConflictDoNothing({ target: [analyticsEvents.sessionId, analyticsEvents.clientId] })
      .returning({ id: analyticsEvents.id });
    return inserted.length;
  });
}

/**
 * The admin summary of the last `days` days. One statement, so one snapshot: read in separate statements,
 * a batch committing between them made the page-view total and the top pages disagree with each other.
 */
export async function summary(db: Db, days: number, topPagesLimit = 10): Promise<AnalyticsSummary> {
  const since = new Date(Date.now() - days * 24 * 60 * 60_000);
  const result = (await db.execute(sql`
    with recent as (
      select ${analyticsEvents.kind} as kind, ${analyticsEvents.url} as url from ${analyticsEvents}
       where ${analyticsEvents.occurredAt} >= ${since}
    ), top as (
      select url, count(*)::int as views from recent where kind = 'page_view'
       group by url order by views desc, url limit ${topPagesLimit}
    )
    select (select count(*)::int from ${analyticsSessions} where ${analyticsSessions.lastActivityAt} >= ${since}) as sessions,
           (select count(*)::int from recent where kind = 'page_view') as page_views,
           (select count(*)::int from recent where kind = 'event') as events,
           (select coalesce(json_agg(json_build_object('url', url, 'views', views) order by views desc, url), '[]'::json)
              from top)::text as top_pages
  `)) as unknown as {
    rows: { sessions: number; page_views: number; events: number; top_pages: string }[];
  };
  const row = result.rows[0];
  const topPages = JSON.parse(row?.top_pages ?? '[]') as { url: string; views: number }[];
  return {
    since: since.toISOString(),
    sessions: Number(row?.sessions ?? 0),
    pageViews: Number(row?.page_views ?? 0),
    events: Number(row?.events ?? 0),
    topPages: topPages.map((p) => ({ url: p.url, views: Number(p.views) })),
  };
}
