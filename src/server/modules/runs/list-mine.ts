/** GET /api/runs/mine: the driver's runs, soonest departure first, upcoming before past, with their bookings. */
import { desc, eq, sql } from 'drizzle-orm';
import type { MyRunDto } from '../../../shared/marketplace/runs.ts';
import type { SessionUser } from '../../../shared/session.ts';
import type { Db } from '../../db/client.ts';
import { runs } from '../../db/schema/index.ts';
import { toRunDtos } from './dto.ts';

export async function listMyRuns(db: Db, user: SessionUser): Promise<MyRunDto[]> {
  const rows = await db
    .select({
      run: runs,
      bookings: sql<number>`(select count(*)::int from bookings b
        where b.run_id = ${runs.id} and b.status in ('confirmed', 'completed'))`,
    })
    .from(runs)
    .where(eq(runs.driverId, user.id))
    .orderBy(sql`${runs.departsUntil} < now()`, runs.departsFrom, desc(runs.createdAt))
    .limit(200);
  const dtos = await toRunDtos(
    db,
    rows.map((r) => r.run),
  );
  return dtos.map((d, i) => {
    const row = rows[i]!;
    return {
      ...d,
      bookings: Number(row.bookings),
      afterBookingId: row.run.afterBookingId,
      cancelledAt: row.run.cancelledAt?.toISOString() ?? null,
    };
  });
}
