/** An administrator's internal note on a user or a booking, written with its audit row in one transaction. */
import type { Db } from '../../db/client.ts';
import { adminNotes } from '../../db/schema/index.ts';
import { audit } from '../../services/audit.ts';
import type { AdminContext } from './admin-context.ts';

/** What the note is about; `label` names it in the audit log. */
export interface NoteSubject {
  type: 'user' | 'booking';
  id: string;
  label?: string;
}

export async function addAdminNote(db: Db, ctx: AdminContext, subject: NoteSubject, body: string) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .insert(adminNotes)
      .values({ subjectType: subject.type, subjectId: subject.id, authorId: ctx.actor.id, body });
    await audit(tx, {
      actor: ctx.actor,
      action: `${subject.type}.note_added`,
      target: subject,
      ip: ctx.ip,
    });
  });
}
