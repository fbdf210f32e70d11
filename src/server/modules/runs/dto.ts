/**
 * Runs as the API answers them (RunDto): the run with seats and bags left, its driver's public name and
 * rating, and its vehicle, read for many runs at once.
 */
import { inArray } from 'drizzle-orm';
import type { RunDto } from '../../../shared/marketplace/runs.ts';
import type { Db } from '../../db/client.ts';
import { drivers, users, vehicles } from '../../db/schema/index.ts';
import { ratingSummaries } from '../ratings/summary.ts';
import { firstNameOf } from '../rides/dto.ts';
import { seatsLeft } from './rules.ts';
import type { RunRow } from './seats.ts';

export async function toRunDtos(db: Db, rows: RunRow[]): Promise<RunDto[]> {
  if (rows.length === 0) return [];
  const driverIds = [...new Set(rows.map((r) => r.driverId))];
  const vehicleIds = [...new Set(rows.map((r) => r.vehicleId))];
  const [people, companies, cars, ratings] = await Promise.all([
    db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, driverIds)),
    db
      .select({ id: drivers.userId, companyName: drivers.companyName })
      .from(drivers)
      .where(inArray(drivers.userId, driverIds)),
    db.select().from(vehicles).where(inArray(vehicles.id, vehicleIds)),
    ratingSummaries(db, driverIds),
  ]);
  return rows.map((r) => {
    const person = people.find((p) => p.id === r.driverId);
    const company = companies.find((c) => c.id === r.driverId)?.companyName?.trim();
    const car = cars.find((v) => v.id === r.vehicleId);
    const rating = ratings.get(r.driverId);
    return {
      id: r.id,
      status: r.status as RunDto['status'],
      fromName: r.fromName,
      fromLat: r.fromLat,
      fromLng: r.fromLng,
      fromRadiusKm: r.fromRadiusKm,
      toName: r.toName,
      toLat: r.toLat,
      toLng: r.toLng,
      toRadiusKm: r.toRadiusKm,
      departsFrom: r.departsFrom.toISOString(),
      departsUntil: r.departsUntil.toISOString(),
      seatsTotal: r.seatsTotal,
      seatsLeft: seatsLeft(r),
      bagsLeft: r.bagsTotal - r.bagsSold,
      seatPriceCents: r.seatPriceCents,
      vehiclePriceCents: r.vehiclePriceCents,
      vehicleAvailable: r.vehiclePriceCents !== null && !r.vehicleSold && r.seatsSold === 0,
      vehicleSold: r.vehicleSold,
      autoQuote: r.autoQuote,
      driver: {
        id: r.driverId,
        name: company || firstNameOf(person?.fullName ?? '') || 'A driver',
        rating: rating?.average ?? null,
        ratingCount: rating?.count ?? 0,
      },
      vehicle: {
        id: r.vehicleId,
        label: car ? `${car.make} ${car.model}${car.colour ? `, ${car.colour}` : ''}`.trim() : 'Vehicle',
        seats: car?.seats ?? r.seatsTotal,
      },
    };
  });
}
