/** The drivers record of SPEC §3, keyed by user_id. JSON columns keep the spec's nested shapes. */
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export interface VehicleDetails {
  make?: string;
  model?: string;
  year?: number;
  color?: string;
  registration?: string;
  capacity: number;
}
export interface InsuranceDetails {
  provider?: string;
  policy_number?: string;
  expiry_date?: string;
}
export interface Availability {
  days: string[];
  hours: { start: string; end: string };
}

export const drivers = pgTable(
  'drivers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bspNumber: text('bsp_number').notNull(),
    companyName: text('company_name'),
    vehicleDetails: jsonb('vehicle_details')
      .$type<VehicleDetails>()
      .notNull()
      .default(sql`'{"capacity": 4}'::jsonb`),
    insuranceDetails: jsonb('insurance_details')
      .$type<InsuranceDetails>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** What the driver's vehicles can serve (child seats, wheelchair, pram, boards, bikes, pets): DriverOffers. */
    offers: jsonb('offers').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    availability: jsonb('availability')
      .$type<Availability>()
      .notNull()
      .default(sql`'{"days": [], "hours": {"start": "09:00", "end": "17:00"}}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('drivers_bsp_number_check', sql`length(trim(${t.bspNumber})) > 0`)],
);
