/** GET /api/runs/:id (public): one run as anyone may see it; a cancelled run reads as such, a bad id 404. */
import { eq } from 'drizzle-orm';
import type { RunDto } from '../../../shared/marketplace/runs.ts';
import type { Db } from '../../db/client.ts';
import { runs } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { toRunDtos } from './dto.ts';
import { uuid } from './rules.ts';

export async function readRun(db: Db, id: string): Promise<RunDto> {
  if (!uuid.safeParse(id).success) throw notFound();
  const [row] = await db.select().from(runs).where(eq(runs.id, id)).limit(1);
  if (!row) throw notFound();
  return (await toRunDtos(db, [row]))[0]!;
}
