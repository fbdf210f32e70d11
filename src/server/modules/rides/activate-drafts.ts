/**
 * A guest's drafts go live (issue 31): when their e-mail link has confirmed the address and signed them in,
 * each draft still ahead becomes 'open' and matching drivers are told, as a signed-in post does; a draft
 * whose pickup has passed becomes 'expired'. One conditional update decides, so each draft goes live once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rides } from '../../db/schema/index.ts';
import { autoQuoteRunsForRide } from '../runs/auto-quote.ts';
import type { RideRow } from './dto.ts';
import { matchingDriverIds } from './matching.ts';
import { notifyMatchingDrivers } from './rules.ts';

export async function activateDrafts(db: Db, userId: string): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const changed = (await tx
      .update(rides)
      .set({
        status: sql`case when ${rides.pickupAt} > now() then 'open' else 'expired' end`,
        updatedAt: sql`now()`,
      })
      .where(
        sql`${rides.customerId} = ${userId} and ${rides.status} = 'draft'
            and exists (select 1 from users u where u.id = ${userId} and u.email_verified)`,
      )
      .returning()) as RideRow[];
    const live = changed.filter((r) => r.status === 'open');
    for (const leg of live) {
      await notifyMatchingDrivers(tx, leg, await matchingDriverIds(tx, leg));
      // Runs whose drivers opted in quote it at once (issue 31).
      await autoQuoteRunsForRide(tx, leg);
    }
    return live.length;
  });
}
