/**
 * The driver and vehicle cards shown beside fixed prices, kept briefly per database (issue 31, "Speed"):
 * the cards were a third of a busy route's price list (about 4.7 ms of 14), and the same few dozen drivers
 * top a route's list for every customer looking. What may sell is still decided live on every request
 * (price-list.ts: availability, verification, the fare itself, and again inside the booking's
 * transaction); only what the cards show (name, rating, trips, vehicle) may be up to PRICE_CARDS.ttlMs old.
 */
import type { DriverCardDto, VehicleCardDto } from '../../../shared/marketplace/api.ts';
import type { Db } from '../../db/client.ts';
import { TtlCache } from '../../services/ttl-cache.ts';
import { driverCards, vehicleCards } from '../driver-cards/cards.ts';

export const PRICE_CARDS = {
  /** How late a card beside a price may be: a renamed business or a new rating shows within this. */
  ttlMs: 30_000,
  /** Cards kept per database (1,000 drivers with two vehicles each fit). */
  maxEntries: 5_000,
} as const;

interface Caches {
  drivers: TtlCache<string, DriverCardDto>;
  vehicles: TtlCache<string, VehicleCardDto>;
}

const byDb = new WeakMap<Db, Caches>();

function cachesOf(db: Db): Caches {
  let caches = byDb.get(db);
  if (!caches) {
    caches = {
      drivers: new TtlCache(PRICE_CARDS.ttlMs, PRICE_CARDS.maxEntries),
      vehicles: new TtlCache(PRICE_CARDS.ttlMs, PRICE_CARDS.maxEntries),
    };
    byDb.set(db, caches);
  }
  return caches;
}

/** The cards for these drivers and vehicles (a fixed price's card has no median time to quote). */
export async function priceListCards(db: Db, driverIds: string[], vehicleIds: string[]) {
  const caches = cachesOf(db);
  const [cards, cars] = await Promise.all([
    caches.drivers.many(driverIds, (missing) => driverCards(db, missing, { quoteTimes: false })),
    caches.vehicles.many(vehicleIds, (missing) => vehicleCards(db, missing)),
  ]);
  return { cards, cars };
}

/** Forgets every kept card (tests that change what a card shows, and then read the list at once). */
export function forgetPriceListCards(db: Db): void {
  byDb.delete(db);
}
