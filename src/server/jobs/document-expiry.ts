/**
 * Compliance documents over time (issue 13), run by the sweep inside its transaction:
 *
 * - Reminders 30 and 7 days before an approved document's last valid day, once each
 *   (`reminder_30_sent_at`, `reminder_7_sent_at`); a document first seen within 7 days gets only the 7-day
 *   one. None when a newer upload of the same document already waits for review.
 * - Expiry, once per document (`expiry_handled_at`): the driver is told, the event recorded, and the live
 *   quotes that depended on it withdrawn (all of them for the authorisation or insurance certificate, those
 *   naming the vehicle for a safety inspection), each customer told. Booked trips stay.
 *
 * The gate itself needs none of this: validity is computed from the dates at every use (ADR 015). Each step
 * is one conditional UPDATE ... RETURNING, so a second run, or a second instance, sends nothing twice.
 */
import { sql } from 'drizzle-orm';
import { DOCUMENT_KIND_LABELS, type DocumentKind, formatDay } from '../../shared/marketplace/verification.ts';
import type { Db } from '../db/client.ts';
import { notify } from '../modules/notifications/service.ts';
import { recordVerificationEvent } from '../modules/verification/events.ts';
import { withdrawQuotesOfDriver } from '../modules/verification/withdraw.ts';

const TODAY = sql`(now() at time zone 'Australia/Sydney')::date`;

interface DocRow {
  id: string;
  driver_id: string;
  kind: DocumentKind;
  vehicle_id: string | null;
  expires_on: string | Date;
  vehicle: string | null;
}

/** 'YYYY-MM-DD' whatever the driver returns for a date column. */
const day = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

function what(d: DocRow): string {
  const label = DOCUMENT_KIND_LABELS[d.kind];
  return d.kind === 'safety_inspection' && d.vehicle
    ? `safety inspection for ${d.vehicle}`
    : label.charAt(0).toLowerCase() + label.slice(1);
}

/** Conditions shared by both steps: the document in force now, of an active vehicle if any. */
const CURRENT = sql`dd.status = 'approved' and dd.replaced_at is null
  and (dd.vehicle_id is null or exists (select 1 from vehicles av where av.id = dd.vehicle_id and av.retired_at is null))`;
const RETURNING = sql`returning dd.id, dd.driver_id, dd.kind, dd.vehicle_id, dd.expires_on,
  (select v.year || ' ' || v.make || ' ' || v.model || ', ' || v.plate from vehicles v where v.id = dd.vehicle_id) as vehicle`;
/** No newer upload of the same document waiting for review (the driver has already acted). */
const NO_NEWER_UPLOAD = sql`not exists (select 1 from driver_documents nd
  where nd.driver_id = dd.driver_id and nd.kind = dd.kind and nd.vehicle_id is not distinct from dd.vehicle_id
    and nd.status = 'pending' and nd.replaced_at is null and nd.created_at > dd.created_at)`;

async function remind(tx: Db, days: 30 | 7): Promise<number> {
  const column = sql.raw(days === 7 ? 'reminder_7_sent_at' : 'reminder_30_sent_at');
  // The 7-day reminder also stands for the 30-day one when a document is first seen that late.
  const alsoThirty =
    days === 7 ? sql`, reminder_30_sent_at = coalesce(dd.reminder_30_sent_at, now())` : sql``;
  const window =
    days === 7
      ? sql`dd.expires_on between ${TODAY} and ${TODAY} + 7`
      : sql`dd.expires_on > ${TODAY} + 7 and dd.expires_on <= ${TODAY} + 30`;
  const result = (await tx.execute(sql`
    update driver_documents dd set ${column} = now() ${alsoThirty}
     where ${CURRENT} and dd.${column} is null and ${window} and ${NO_NEWER_UPLOAD}
    ${RETURNING}`)) as unknown as { rows: DocRow[] };
  for (const d of result.rows) {
    const last = formatDay(day(d.expires_on));
    await notify(tx, {
      userId: d.driver_id,
      type: 'document_expiring',
      title: `Your ${what(d)} expires ${days === 7 ? 'within a week' : 'within 30 days'}`,
      message: `Your ${what(d)} is valid until ${last}. Upload the new one on your driver profile before then, so you can keep quoting without a break.`,
      relatedId: d.id,
    });
  }
  return result.rows.length;
}

async function expire(tx: Db): Promise<number> {
  const result = (await tx.execute(sql`
    update driver_documents dd set expiry_handled_at = now()
     where ${CURRENT} and dd.expiry_handled_at is null and dd.expires_on < ${TODAY}
    ${RETURNING}`)) as unknown as { rows: DocRow[] };
  for (const d of result.rows) {
    const last = formatDay(day(d.expires_on));
    const inspection = d.kind === 'safety_inspection';
    await recordVerificationEvent(tx, {
      driverId: d.driver_id,
      actorId: null,
      action: 'document_expired',
      documentId: d.id,
      reason: `Expired on ${last}`,
    });
    await notify(tx, {
      userId: d.driver_id,
      type: 'document_expired',
      title: `Your ${what(d)} has expired`,
      message: inspection
        ? `Your ${what(d)} expired on ${last}. You can't quote with that vehicle until a new inspection is approved: upload it on your driver profile. Its open quotes were withdrawn; booked trips stay booked.`
        : `Your ${what(d)} expired on ${last}. You can't quote until a new one is approved: upload it on your driver profile. Your open quotes were withdrawn; booked trips stay booked.`,
      relatedId: d.id,
    });
    await withdrawQuotesOfDriver(tx, {
      driverId: d.driver_id,
      why: `their ${what(d)} expired`,
      vehicleId: inspection ? d.vehicle_id : null,
    });
  }
  return result.rows.length;
}

export interface DocumentSweepResult {
  reminded: number;
  expired: number;
}

/** Call inside the sweep's transaction (under its advisory lock). */
export async function sweepDocuments(tx: Db): Promise<DocumentSweepResult> {
  const reminded = (await remind(tx, 7)) + (await remind(tx, 30));
  const expired = await expire(tx);
  return { reminded, expired };
}
