/**
 * The verdict: reads the database after the run and compares it with what the simulated clients were
 * told (acknowledged writes), what the SMTP sink received, and what each live stream delivered.
 */
import type { Sql } from './database.ts';
import type { Observed, WriteRecord } from './http.ts';
import type { SimUser } from './load.ts';
import { normalizeMessageId, type SmtpSink } from './smtp-sink.ts';
import { seconds, stamp } from './util.ts';

export interface CheckRow {
  name: string;
  /** null: not applicable / skipped. */
  pass: boolean | null;
  detail: string;
}

const list = (items: string[], max = 5) =>
  items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} … (+${items.length - max})`;

/**
 * The least a run must produce for its checks to judge anything (issue 33: a run whose drivers were never
 * verified made 0 live events and 6 e-mails, and its live-event and mail checks passed on nothing). Below
 * these a check fails, saying how few there were.
 */
export interface Minimums {
  acknowledgedTrips: number;
  acknowledgedQuotes: number;
  emails: number;
  liveEvents: number;
}

const tooFew = (n: number, min: number, what: string) =>
  n < min ? `; too few ${what} to judge (at least ${min})` : '';

export interface Expected {
  runId: string;
  minimums: Minimums;
  /** kill -9s done: each allows one extra delivery of one Message-ID. */
  kills: number;
  /** When each kill -9 happened. */
  killTimes: number[];
  /** Tolerate a duplicate made by re-running a write that was in flight at a kill -9 (ADR 012). */
  allowCrashWindow: boolean;
}

/** The expected events of each stream's user, and which of them the stream lacks. */
export async function streamGaps(sql: Sql, users: SimUser[]) {
  const ids = users.map((u) => u.userId);
  const rows = await sql.query<{ id: string; user_id: string; at: number }>(
    `select id::text as id, user_id::text as user_id, (extract(epoch from created_at) * 1000)::float8 as at
       from live_events where user_id = any($1::uuid[])`,
    [ids],
  );
  const createdAt = new Map(rows.map((r) => [Number(r.id), Number(r.at)]));
  const byUser = new Map<string, Set<number>>();
  for (const r of rows) {
    const set = byUser.get(r.user_id) ?? new Set<number>();
    byUser.set(r.user_id, set);
    set.add(Number(r.id));
  }
  return users.map((u) => {
    const expected = byUser.get(u.userId) ?? new Set<number>();
    const notReceived = [...expected].filter((id) => !u.stream.received.has(id)).sort((a, b) => a - b);
    // Created while the stream was down and reconnecting without an id to replay from: the client fetched
    // everything again on that reconnect's ready (the product's contract), so nothing was lost to it.
    const refetched = notReceived.filter((id) =>
      u.stream.refetchWindows.some((w) => createdAt.get(id)! >= w.from && createdAt.get(id)! <= w.to),
    );
    const missing = notReceived.filter((id) => !refetched.includes(id));
    const foreign = [...u.stream.received.keys()].filter((id) => !expected.has(id));
    return {
      user: u,
      expected: expected.size,
      missing,
      refetched: refetched.length,
      foreign,
      missingAt: missing.map((id) => createdAt.get(id)!),
    };
  });
}

/** When the missing events were created, run-relative: "+16.2s..+19.5s". */
function span(times: number[]) {
  if (times.length === 0) return '';
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length === 1 ? stamp(sorted[0]) : `${stamp(sorted[0])}..${stamp(sorted.at(-1))}`;
}

/** Fallback while live_events is not written (older code): notifications by data.id. */
async function notificationGaps(sql: Sql, users: SimUser[]) {
  const rows = await sql.query<{ id: string; user_id: string; at: number }>(
    `select id::text as id, user_id::text as user_id, (extract(epoch from created_at) * 1000)::float8 as at
       from notifications where user_id = any($1::uuid[])`,
    [users.map((u) => u.userId)],
  );
  return users.map((u) => {
    const expected = rows.filter((r) => r.user_id === u.userId);
    const missing = expected.filter((r) => !u.stream.dataIds.has(r.id));
    return { user: u, expected: expected.length, missing, missingAt: missing.map((r) => Number(r.at)) };
  });
}

export async function runChecks(
  sql: Sql,
  ctx: Expected & {
    writes: WriteRecord[];
    users: SimUser[];
    sink: SmtpSink;
    observed: Observed;
  },
): Promise<{ rows: CheckRow[]; summary: string[] }> {
  const rows: CheckRow[] = [];
  const summary: string[] = [];
  const marker = `chaos-${ctx.runId}-%`;

  // ---- Writes -------------------------------------------------------------------------------------
  const trips = ctx.writes.filter((w) => w.kind === 'trip');
  const quotes = ctx.writes.filter((w) => w.kind === 'quote');
  const ackedTrips = trips.filter((w) => w.outcome === 'acked');
  const ackedQuotes = quotes.filter((w) => w.outcome === 'acked');
  const rideRows = await sql.query<{ id: string; notes: string }>(
    'select id::text as id, notes from rides where notes like $1',
    [marker],
  );
  const rideById = new Map(rideRows.map((r) => [r.id, r.notes]));
  const perMarker = new Map<string, number>();
  for (const r of rideRows) perMarker.set(r.notes, (perMarker.get(r.notes) ?? 0) + 1);

  const missingTrips = ackedTrips.filter((w) => !w.id || rideById.get(w.id) !== w.marker);
  const quoteRows = await sql.query<{ id: string; ride_id: string; driver_id: string }>(
    `select q.id::text as id, q.ride_id::text as ride_id, q.driver_id::text as driver_id
       from quotes q join rides r on r.id = q.ride_id where r.notes like $1`,
    [marker],
  );
  const quoteIds = new Set(quoteRows.map((q) => q.id));
  const missingQuotes = ackedQuotes.filter((w) => !w.id || !quoteIds.has(w.id));
  rows.push({
    name: 'every acknowledged write is in the database',
    pass:
      missingTrips.length === 0 &&
      missingQuotes.length === 0 &&
      ackedTrips.length >= ctx.minimums.acknowledgedTrips &&
      ackedQuotes.length >= ctx.minimums.acknowledgedQuotes,
    detail:
      `${ackedTrips.length} trips, ${ackedQuotes.length} quotes acknowledged` +
      tooFew(ackedTrips.length, ctx.minimums.acknowledgedTrips, 'trips') +
      tooFew(ackedQuotes.length, ctx.minimums.acknowledgedQuotes, 'quotes') +
      (missingTrips.length ? `; trips missing: ${list(missingTrips.map((w) => w.marker!))}` : '') +
      (missingQuotes.length ? `; quotes missing: ${list(missingQuotes.map((w) => w.id ?? w.key))}` : ''),
  });

  // A write in flight when the API was killed may be run twice by a retry that takes its key over after
  // the lock (ADR 012's crash window): say so for each duplicate, and with --allow-crash-window tolerate it.
  const atKill = (w: WriteRecord | undefined) =>
    w !== undefined &&
    ctx.killTimes.some((t) => w.startedAt <= t && t <= (w.ackAt ?? Number.POSITIVE_INFINITY));
  const describeWrite = (w: WriteRecord | undefined) =>
    w === undefined
      ? 'unknown write'
      : `${atKill(w) ? 'in flight at the kill -9, ' : ''}${w.lostAnswer ? 'answer thrown away on purpose, ' : ''}` +
        `${w.attempts} attempts, acknowledged after ${w.ackAt ? seconds(w.ackAt - w.startedAt) : 'never'}`;
  const tripByMarker = new Map(trips.map((w) => [w.marker!, w]));
  const dupTrips = [...perMarker]
    .filter(([, n]) => n > 1)
    .map(([m, n]) => ({ what: m, n, w: tripByMarker.get(m) }));
  const perPair = new Map<string, number>();
  for (const q of quoteRows) {
    perPair.set(`${q.ride_id}/${q.driver_id}`, (perPair.get(`${q.ride_id}/${q.driver_id}`) ?? 0) + 1);
  }
  const quoteByPair = new Map(quotes.map((w) => [`${w.rideId}/${w.driverId}`, w]));
  const dupQuotes = [...perPair]
    .filter(([, n]) => n > 1)
    .map(([k, n]) => ({ what: k, n, w: quoteByPair.get(k) }));
  const updated = await sql.query<{ ride_id: string; user_id: string }>(
    `select r.id::text as ride_id, n.user_id::text as user_id
       from notifications n join rides r on r.id::text = n.related_id::text
      where r.notes like $1 and n.type = 'quote_updated'`,
    [marker],
  );
  const quoteByRide = new Map(quotes.map((w) => [w.rideId!, w]));
  const reapplied = updated.map((u) => ({
    what: `quote for ${u.ride_id}`,
    n: 2,
    w: quoteByRide.get(u.ride_id),
  }));
  const all = [...dupTrips, ...dupQuotes, ...reapplied];
  const tolerated = ctx.allowCrashWindow ? all.filter((d) => atKill(d.w)) : [];
  const failing = all.filter((d) => !tolerated.includes(d));
  const show = (ds: typeof all) =>
    list(
      ds.map((d) => `${d.what} x${d.n} (${describeWrite(d.w)})`),
      3,
    );
  rows.push({
    name: 'no duplicates (one trip per key, one quote per trip and driver, no quote applied twice)',
    pass: failing.length === 0,
    detail:
      `${rideRows.length} trips in the database for ${trips.length} trip writes` +
      (dupTrips.length ? `; ${dupTrips.length} markers with 2+ trips: ${show(dupTrips)}` : '') +
      (dupQuotes.length ? `; ${dupQuotes.length} ride/driver pairs with 2+ quotes: ${show(dupQuotes)}` : '') +
      (reapplied.length
        ? `; ${reapplied.length} 'quote_updated' notifications (a retried quote applied again, not replayed): ${show(reapplied)}`
        : '') +
      (tolerated.length
        ? `; ${tolerated.length} tolerated (--allow-crash-window: in flight at a kill -9)`
        : ''),
  });

  const injected = ctx.writes.filter((w) => w.lostAnswer && w.outcome === 'acked');
  const mismatched = injected.filter((w) => w.lostAnswer!.id !== w.id || w.lostAnswer!.status !== w.status);
  rows.push({
    name: 'a retry with the same Idempotency-Key replays the first answer',
    pass: injected.length === 0 ? null : mismatched.length === 0,
    detail:
      injected.length === 0
        ? 'no lost answers injected (--lost-answers 0)'
        : `${injected.length} answers thrown away and retried; ${mismatched.length} retries answered differently` +
          (mismatched.length
            ? ` (e.g. ${list(
                mismatched.map(
                  (w) => `${w.kind} ${w.lostAnswer!.status} ${w.lostAnswer!.id} then ${w.status} ${w.id}`,
                ),
                2,
              )})`
            : ''),
  });

  const unanswered = ctx.writes.filter((w) => w.outcome !== 'acked');
  rows.push({
    name: 'every write got an answer (none rejected, none unresolved)',
    pass: unanswered.length === 0,
    detail:
      unanswered.length === 0
        ? `${ctx.writes.length} writes, all acknowledged`
        : list(
            unanswered.map(
              (w) => `${w.kind} ${w.marker ?? w.rideId}: ${w.outcome ?? 'in flight'} ${w.detail ?? ''}`,
            ),
            3,
          ),
  });

  // ---- E-mail ---------------------------------------------------------------------------------------
  const mail = await sql.query<{
    id: string;
    status: string;
    message_id: string | null;
    notification_id: string | null;
    attempts: number;
    error: string | null;
  }>(
    `select id::text as id, status, message_id, meta->>'notificationId' as notification_id, attempts, error
       from mail_outbox order by created_at`,
  );
  const byStatus = new Map<string, number>();
  for (const m of mail) byStatus.set(m.status, (byStatus.get(m.status) ?? 0) + 1);
  const statusText = [...byStatus].map(([s, n]) => `${n} ${s}`).join(', ') || 'none';
  rows.push({
    name: "every e-mail sent (mail_outbox all 'sent': none pending, failed or expired)",
    pass: mail.length >= ctx.minimums.emails && mail.every((m) => m.status === 'sent'),
    detail:
      `${mail.length} rows: ${statusText}` +
      tooFew(mail.length, ctx.minimums.emails, 'e-mails') +
      [...byStatus.keys()]
        .filter((st) => st !== 'sent')
        .map((st) => {
          const m = mail.find((x) => x.status === st)!;
          return `; e.g. ${st} after ${m.attempts} attempt(s)${m.error ? `: ${m.error.slice(0, 80)}` : ''}`;
        })
        .join(''),
  });
  const counts = ctx.sink.countsByMessageId();
  const sent = mail.filter((m) => m.status === 'sent');
  const notReceived = sent.filter((m) => !counts.has(normalizeMessageId(m.message_id) ?? '\0'));
  rows.push({
    name: "no e-mail lost: every 'sent' row's Message-ID reached the SMTP server",
    pass: sent.length >= ctx.minimums.emails && notReceived.length === 0,
    detail:
      `${sent.length} sent rows, ${ctx.sink.deliveries.length} SMTP deliveries` +
      tooFew(sent.length, ctx.minimums.emails, 'e-mails') +
      (notReceived.length
        ? `; ${notReceived.length} never received: ${list(
            notReceived.map((m) => `${m.id} (${m.message_id ?? 'no message_id'})`),
            3,
          )}`
        : ''),
  });
  const outboxIds = new Set(mail.map((m) => normalizeMessageId(m.message_id)).filter(Boolean));
  const extra = [...counts].filter(([id]) => outboxIds.has(id)).reduce((sum, [, n]) => sum + (n - 1), 0);
  const worst = Math.max(0, ...counts.values());
  const unknown = ctx.sink.deliveries.filter((d) => !d.messageId || !outboxIds.has(d.messageId)).length;
  rows.push({
    name: `no e-mail sent twice (same Message-ID at most once, +1 allowed per kill -9: ${ctx.kills})`,
    pass: extra <= ctx.kills,
    detail:
      `${counts.size} distinct Message-IDs, ${extra} repeat deliveries, most of one: ${worst}` +
      (unknown ? `; ${unknown} deliveries match no outbox row` : ''),
  });
  const perNotification = new Map<string, number>();
  for (const m of sent) {
    if (m.notification_id)
      perNotification.set(m.notification_id, (perNotification.get(m.notification_id) ?? 0) + 1);
  }
  const twice = [...perNotification].filter(([, n]) => n > 1);
  rows.push({
    name: 'one e-mail per notification (no second outbox row for the same notification)',
    pass: twice.length === 0,
    detail:
      `${perNotification.size} notifications e-mailed` +
      (twice.length ? `; ${twice.length} e-mailed 2+ times` : ''),
  });

  // ---- Live streams ---------------------------------------------------------------------------------
  const gaps = await streamGaps(sql, ctx.users);
  const totalExpected = gaps.reduce((s, g) => s + g.expected, 0);
  const withoutId = ctx.users.reduce((s, u) => s + u.stream.changesWithoutId, 0);
  const changes = ctx.users.reduce((s, u) => s + u.stream.received.size + u.stream.changesWithoutId, 0);
  rows.push({
    name: 'live events recorded (live_events rows) and sent with their id (SSE id:)',
    pass: totalExpected >= ctx.minimums.liveEvents && withoutId === 0,
    detail: `${totalExpected} live_events rows for the streams' users${tooFew(totalExpected, ctx.minimums.liveEvents, 'live events')}; ${withoutId} of ${changes + ctx.users.reduce((s, u) => s + u.stream.duplicates, 0)} change events had no id`,
  });
  if (totalExpected > 0) {
    const missing = gaps.filter((g) => g.missing.length > 0);
    const foreign = gaps.filter((g) => g.foreign.length > 0);
    const refetched = gaps.reduce((n, g) => n + g.refetched, 0);
    rows.push({
      name: 'every open stream delivered every event (after every recovery)',
      pass: missing.length === 0 && foreign.length === 0,
      detail:
        (missing.length === 0
          ? `all ${totalExpected} events delivered` +
            (refetched > 0
              ? ` (${refetched} of them by a refetch: created while a stream with no event id yet reconnected)`
              : '')
          : `missing: ${list(
              missing.map(
                (g) => `${g.user.label} ${g.missing.length}/${g.expected} (created ${span(g.missingAt)})`,
              ),
              4,
            )}`) +
        (foreign.length
          ? `; ids not the user's: ${list(foreign.map((g) => `${g.user.label} ${g.foreign.length}`))}`
          : ''),
    });
  } else {
    const fallback = await notificationGaps(sql, ctx.users);
    const missing = fallback.filter((g) => g.missing.length > 0);
    const total = fallback.reduce((s, g) => s + g.expected, 0);
    rows.push({
      name: 'every open stream delivered every event (fallback: by notification id, live_events empty)',
      pass: total > 0 && missing.length === 0,
      detail:
        missing.length === 0
          ? `all ${total} notifications signalled`
          : `missing: ${list(
              missing.map(
                (g) => `${g.user.label} ${g.missing.length}/${g.expected} (created ${span(g.missingAt)})`,
              ),
              6,
            )}`,
    });
  }
  for (const g of gaps) {
    const s = g.user.stream;
    summary.push(
      `${g.user.label.padEnd(10)} events ${String(s.received.size).padStart(5)}/${String(g.expected).padEnd(5)} ` +
        (s.changesWithoutId ? `(+${s.changesWithoutId} without id) ` : '') +
        `missing ${String(g.missing.length).padEnd(4)} ${g.refetched ? `refetched ${g.refetched} ` : ''}repeats ${String(s.duplicates).padEnd(4)} connects ${s.connects} ` +
        `resyncs ${s.resyncs.length} pings ${s.pings} breaks: ${[...s.breaks].map(([k, n]) => `${k} x${n}`).join(', ') || 'none'}`,
    );
  }

  // ---- What clients saw -------------------------------------------------------------------------------
  const anomalies = ctx.observed.anomalies;
  const kinds = new Map<string, number>();
  for (const a of anomalies)
    kinds.set(
      `${a.route} ${a.what.split(' ')[0]}`,
      (kinds.get(`${a.route} ${a.what.split(' ')[0]}`) ?? 0) + 1,
    );
  rows.push({
    name: 'during faults the API answered 503 + Retry-After or refused connections (no 500, 401 or hang)',
    pass: anomalies.length === 0,
    detail:
      anomalies.length === 0
        ? 'none'
        : `${anomalies.length}: ${list(
            [...kinds].map(([k, n]) => `${k} x${n}`),
            4,
          )}; first at ${stamp(anomalies[0]!.at)}: ${anomalies[0]!.what}`,
  });
  return { rows, summary };
}
