/**
 * /api/admin/billing (issue 15): drivers' statements for administrators.
 *
 *   GET  /billing/statements?status=&period=       AdminStatementListDto (with totals over the filter)
 *   GET  /billing/statements.csv?status=&period=   the same as CSV (audited)
 *   POST /billing/statements/:id/payments { amount, reference }   a bank transfer received (audited)
 *   POST /billing/statements/:id/void     { reason }              nothing owed on it (audited)
 *
 * One statement with its lines: GET /api/billing/statements/:id (an administrator may read any).
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AdminStatementListDto, STATEMENT_STATUS_LABELS } from '../../../shared/billing.ts';
import { formatAud, toCents } from '../../../shared/marketplace/money.ts';
import { sydneyToday } from '../../../shared/marketplace/time.ts';
import {
  recordPaymentSchema,
  statementFilterSchema,
  voidStatementSchema,
} from '../../../shared/validation/billing.ts';
import type { Db } from '../../db/client.ts';
import { billingStatements, drivers, users } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { notFound, parseBody, validationError } from '../../http/errors.ts';
import { audit } from '../../services/audit.ts';
import { recordPayment, voidStatement } from '../billing/payments.ts';
import { statementDetail, toStatementSummary } from '../billing/read.ts';
import { adminContext } from './admin-context.ts';
import { csv } from './exports-routes.ts';

const uuid = z.uuid();
/** The list shows this many; the totals and the CSV cover every match. */
const LIST_LIMIT = 500;

type Filter = z.infer<typeof statementFilterSchema>;

function filterSql(f: Filter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.period) parts.push(sql`${billingStatements.period} = ${f.period}`);
  const today = sql`(now() at time zone 'Australia/Sydney')::date`;
  if (f.status === 'overdue')
    parts.push(sql`${billingStatements.status} = 'open' and ${billingStatements.dueOn} < ${today}`);
  else if (f.status === 'open')
    parts.push(sql`${billingStatements.status} = 'open' and ${billingStatements.dueOn} >= ${today}`);
  else if (f.status) parts.push(sql`${billingStatements.status} = ${f.status}`);
  return parts.length ? and(...parts) : undefined;
}

async function listStatements(db: Db, f: Filter, limit: number) {
  return db
    .select({
      s: billingStatements,
      email: users.email,
      name: users.fullName,
      company: drivers.companyName,
    })
    .from(billingStatements)
    .innerJoin(users, eq(users.id, billingStatements.driverId))
    .leftJoin(drivers, eq(drivers.userId, billingStatements.driverId))
    .where(filterSql(f))
    .orderBy(desc(billingStatements.period), desc(billingStatements.number))
    .limit(limit);
}

export function adminBillingRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const filterOf = (query: Record<string, string>) => {
    const parsed = statementFilterSchema.safeParse(query);
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data;
  };
  const target = (id: string | undefined) => {
    if (!uuid.safeParse(id).success) throw notFound();
    return id!;
  };

  app.get('/billing/statements', async (c) => {
    const f = filterOf(c.req.query());
    const [rows, [totals], periods] = await Promise.all([
      listStatements(deps.db, f, LIST_LIMIT + 1),
      deps.db
        .select({
          count: sql<number>`count(*)::int`,
          feeCents: sql<number>`coalesce(sum(${billingStatements.feeCents}), 0)::int`,
          gstCents: sql<number>`coalesce(sum(${billingStatements.gstCents}), 0)::int`,
          totalCents: sql<number>`coalesce(sum(${billingStatements.totalCents}), 0)::int`,
        })
        .from(billingStatements)
        .where(filterSql(f)),
      deps.db
        .selectDistinct({ period: billingStatements.period })
        .from(billingStatements)
        .orderBy(desc(billingStatements.period)),
    ]);
    const body: AdminStatementListDto = {
      statements: rows.slice(0, LIST_LIMIT).map((r) => ({
        ...toStatementSummary(r.s),
        driver: {
          id: r.s.driverId,
          name: r.name,
          email: r.email,
          businessName: r.company ?? r.s.recipientName,
        },
      })),
      totals: totals ?? { count: 0, feeCents: 0, gstCents: 0, totalCents: 0 },
      periods: periods.map((p) => p.period),
      truncated: rows.length > LIST_LIMIT,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  app.get('/billing/statements.csv', async (c) => {
    const f = filterOf(c.req.query());
    const rows = await listStatements(deps.db, f, 100_000);
    const ctx = adminContext(c);
    await audit(deps.db, {
      actor: ctx.actor,
      action: 'export.statements',
      target: {
        type: 'export',
        id: 'statements',
        label: [f.period, f.status].filter(Boolean).join(' ') || 'all',
      },
      details: { ...f, rows: rows.length },
      ip: ctx.ip,
    });
    const body = csv(
      rows.map((r) => {
        const s = toStatementSummary(r.s);
        return [
          s.number,
          s.period,
          r.s.recipientName,
          r.s.recipientAbn ?? '',
          r.email,
          sydneyToday(r.s.issuedAt),
          s.dueOn,
          (s.feeCents / 100).toFixed(2),
          (s.gstCents / 100).toFixed(2),
          (s.totalCents / 100).toFixed(2),
          STATEMENT_STATUS_LABELS[s.status],
          r.s.paidAt ? sydneyToday(r.s.paidAt) : '',
        ];
      }),
      [
        'Number',
        'Month',
        'Business',
        'ABN',
        'E-mail',
        'Issued',
        'Due',
        'Fees (AUD)',
        'GST (AUD)',
        'Total (AUD)',
        'Status',
        'Paid',
      ],
    );
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="statements${f.period ? `-${f.period}` : ''}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(body);
  });

  app.post('/billing/statements/:id/payments', async (c) => {
    const id = target(c.req.param('id'));
    const { amount, reference } = await parseBody(c, recordPaymentSchema);
    const ctx = adminContext(c);
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const { statement } = await recordPayment(tx, {
        statementId: id,
        method: 'bank_transfer',
        amountCents: toCents(amount),
        reference,
        recordedBy: ctx.actor.id,
      });
      await audit(tx, {
        actor: ctx.actor,
        action: 'statement.payment_recorded',
        target: { type: 'statement', id, label: statement.number },
        reason: `Bank transfer ${formatAud(toCents(amount))}, reference ${reference}`,
        details: { amountCents: toCents(amount), reference, method: 'bank_transfer' },
        ip: ctx.ip,
      });
    });
    return c.json({ statement: await statementDetail(deps.db, id) });
  });

  app.post('/billing/statements/:id/void', async (c) => {
    const id = target(c.req.param('id'));
    const { reason } = await parseBody(c, voidStatementSchema);
    const ctx = adminContext(c);
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const statement = await voidStatement(tx, { statementId: id, reason, actorId: ctx.actor.id });
      await audit(tx, {
        actor: ctx.actor,
        action: 'statement.voided',
        target: { type: 'statement', id, label: statement.number },
        reason,
        ip: ctx.ip,
      });
    });
    return c.json({ statement: await statementDetail(deps.db, id) });
  });

  return app;
}
