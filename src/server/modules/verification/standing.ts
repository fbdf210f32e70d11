/**
 * The verification gate (issue 13), enforced by the API: only a verified driver whose documents are in
 * force may quote, be matched to a trip or receive new-trip alerts. One rule in two forms:
 *
 * - `loadStanding`: one driver's checklist (shared/marketplace/verification.ts driverStanding), for the
 *   quoting routes' 403, /dashboard, /available-rides and /driver-profile.
 * - `eligibleDriverSql` / `usableVehicleSql`: the same rule inside a query, for matching many drivers at once.
 *
 * A statement unpaid 14 days after its due date also stops quoting (issue 15, billing/hold.ts).
 *
 * A document is in force when it is approved, not replaced by a newer approved one, and its last valid day
 * (a Sydney date) is today or later.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { MARKETPLACE_CONFLICTS } from '../../../shared/marketplace/booking.ts';
import { sydneyToday } from '../../../shared/marketplace/time.ts';
import {
  type DocumentKind,
  type DriverStanding,
  driverStanding,
  NOT_VERIFIED_CODE,
  notVerifiedMessage,
  type StandingInput,
  type VerificationStatus,
} from '../../../shared/marketplace/verification.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { drivers } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { heldByStatementSql, notHeldSql } from '../billing/hold.ts';

/** "2022 Toyota HiAce, ABC123": how a vehicle is named in lists, checklists and quotes. */
export function vehicleLabel(v: { year: number; make: string; model: string; plate: string }): string {
  return `${v.year} ${v.make} ${v.model}, ${v.plate}`;
}

/** A vehicle as the standing query returns it: what lists name it by and what it carries. */
export interface ContextVehicle {
  id: string;
  year: number;
  make: string;
  model: string;
  plate: string;
  seats: number;
  luggageBags: number;
}

/** A driver's row, active vehicles and standing, read in one query (loadDriverContext). */
export interface DriverContext {
  driver: typeof drivers.$inferSelect;
  vehicles: ContextVehicle[];
  standing: DriverStanding;
}

/** An instant as JavaScript's toISOString writes it, in SQL. */
const isoSql = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A driver's row, active vehicles and checklist now, in one round trip (the board and every quoting route
 * call this first: issue 17); null when the user has no drivers record (a customer, an admin).
 */
export async function loadDriverContext(
  db: Db,
  driverId: string,
  now = new Date(),
): Promise<DriverContext | null> {
  const [row] = await prepared(db, 'driver_context', (d) =>
    d
      .select({
        driver: drivers,
        vehicles: sql<ContextVehicle[]>`(select coalesce(json_agg(json_build_object(
            'id', v.id, 'year', v.year, 'make', v.make, 'model', v.model, 'plate', v.plate,
            'seats', v.seats, 'luggageBags', v.luggage_bags) order by v.created_at, v.id), '[]'::json)
          from vehicles v where v.driver_id = ${drivers.userId} and v.retired_at is null)`,
        documents: sql<StandingInput['documents']>`(select coalesce(json_agg(json_build_object(
            'id', dd.id, 'kind', dd.kind, 'vehicleId', dd.vehicle_id, 'status', dd.status,
            'expiresOn', dd.expires_on::text, 'reviewReason', dd.review_reason,
            'createdAt', ${isoSql('dd.created_at')}) order by dd.created_at, dd.id), '[]'::json)
          from driver_documents dd where dd.driver_id = ${drivers.userId} and dd.replaced_at is null)`,
        unpaidStatement: sql<StandingInput['unpaidStatement']>`${heldByStatementSql(sql`${drivers.userId}`)}`,
      })
      .from(drivers)
      .where(eq(drivers.userId, sql.placeholder('driverId')))
      .limit(1)
      .prepare('driver_context'),
  ).execute({ driverId });
  if (!row) return null;
  const { driver } = row;
  // PGlite and node-postgres both parse json columns into objects.
  const vehiclesNow = row.vehicles;
  const standing = driverStanding({
    status: driver.verificationStatus as VerificationStatus,
    statusReason: driver.statusReason,
    verifiedAt: driver.verifiedAt?.toISOString() ?? null,
    profile: {
      companyName: driver.companyName ?? '',
      abn: driver.abn ?? '',
      bspNumber: driver.bspNumber,
      businessPhone: driver.businessPhone ?? '',
      baseLocality: driver.baseLocality ?? '',
    },
    vehicles: vehiclesNow.map((v) => ({ id: v.id, label: vehicleLabel(v) })),
    documents: row.documents,
    today: sydneyToday(now),
    unpaidStatement: row.unpaidStatement ?? null,
  });
  return { driver, vehicles: vehiclesNow, standing };
}

/** A driver's checklist now; null when the user has no drivers record (a customer, an admin). */
export async function loadStanding(
  db: Db,
  driverId: string,
  now = new Date(),
): Promise<DriverStanding | null> {
  return (await loadDriverContext(db, driverId, now))?.standing ?? null;
}

/** The 403 of every quoting route for a driver who may not quote: the message and issues name what is missing. */
export function notVerifiedError(standing: DriverStanding): AppError {
  return new AppError(
    403,
    NOT_VERIFIED_CODE,
    notVerifiedMessage(standing.missing),
    standing.items
      .filter((i) => i.blocking && !i.done)
      .map((i) => ({ path: i.key, message: `${i.label}: ${i.detail}` })),
  );
}

/**
 * Call first in every route that quotes (or asks a question, or lists trips to quote for): the driver's
 * standing when they may quote, else 403. A signed-in user without a drivers record (an admin) gets the
 * existing "no driver profile" 403.
 */
export async function requireQuotingDriver(db: Db, user: { id: string }): Promise<DriverStanding> {
  const standing = await loadStanding(db, user.id);
  if (!standing) throw new AppError(403, 'forbidden', MARKETPLACE_CONFLICTS.driverProfileMissing);
  if (!standing.canQuote) throw notVerifiedError(standing);
  return standing;
}

/** Today in Sydney, in SQL: documents are valid through their last day. */
const SYDNEY_TODAY = sql`(now() at time zone 'Australia/Sydney')::date`;

/** A document of `kind` in force for driver `driverId` (and vehicle `vehicleId` for an inspection). */
function documentInForce(kind: DocumentKind, driverId: SQL, vehicleId?: SQL): SQL {
  return sql`exists (
    select 1 from driver_documents dd
     where dd.driver_id = ${driverId}
       and dd.kind = ${kind}
       ${vehicleId ? sql`and dd.vehicle_id = ${vehicleId}` : sql``}
       and dd.status = 'approved'
       and dd.replaced_at is null
       and dd.expires_on >= ${SYDNEY_TODAY})`;
}

/** SQL: the vehicle (an alias's columns `id`, `retired_at`) is active with a safety inspection in force. */
export function usableVehicleSql(vehicleAlias: string): SQL {
  const v = sql.raw(vehicleAlias);
  return sql`(${v}.retired_at is null and ${documentInForce('safety_inspection', sql`${v}.driver_id`, sql`${v}.id`)})`;
}

/**
 * SQL: the driver whose user id is `driverId` is verified with business documents in force, and has a usable
 * vehicle for which `vehicleFits` (over alias `uv`) holds, e.g. sql`uv.seats >= 3`.
 */
export function eligibleDriverSql(driverId: SQL, vehicleFits: SQL = sql`true`): SQL {
  return sql`(
    exists (select 1 from drivers ed join users eu on eu.id = ed.user_id
             where ed.user_id = ${driverId} and ed.verification_status = 'verified' and eu.status = 'active')
    and ${documentInForce('authorisation', driverId)}
    and ${documentInForce('insurance', driverId)}
    and exists (select 1 from vehicles uv
                 where uv.driver_id = ${driverId}
                   and ${usableVehicleSql('uv')}
                   and ${vehicleFits})
    and ${notHeldSql(driverId)})`;
}
