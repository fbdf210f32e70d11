/**
 * Whether a driver's offers cover a trip's needs, without the schemas of needs.ts: the driver's trip cards
 * import only this, so zod stays out of their first load (issue 17: initial JS). The same rule in SQL:
 * server/modules/rides/needs-sql.ts.
 */
import type { DriverOffers, NeedKey, RideNeeds } from './needs.ts';

/**
 * The "can serve" rule: what the trip needs that the driver does not offer (empty: they can serve it).
 * Infant capsules and child seats come from the driver's child seats, boosters from their boosters; a
 * seated wheelchair user needs a ramp or lift, a folding chair either; counts of boards and bikes must fit.
 */
export function unmetNeeds(n: RideNeeds, o: DriverOffers): NeedKey[] {
  const unmet: NeedKey[] = [];
  if (n.infantSeats + n.childSeats > o.childSeats) unmet.push('childSeats');
  if (n.boosterSeats > o.boosterSeats) unmet.push('boosterSeats');
  if (n.wheelchair === 'seated' && o.wheelchair !== 'seated') unmet.push('wheelchair');
  if (n.wheelchair === 'folding' && o.wheelchair === 'none') unmet.push('wheelchair');
  if (n.pram && !o.pram) unmet.push('pram');
  if (n.surfboards > o.surfboards) unmet.push('surfboards');
  if (n.bikes > o.bikes) unmet.push('bikes');
  if (n.pets && !o.pets) unmet.push('pets');
  return unmet;
}

export const canServe = (n: RideNeeds, o: DriverOffers) => unmetNeeds(n, o).length === 0;

export const UNMET_LABELS: Record<NeedKey, string> = {
  childSeats: 'child seats',
  boosterSeats: 'booster seats',
  wheelchair: 'the wheelchair',
  pram: 'a pram',
  surfboards: 'surfboards',
  bikes: 'bikes',
  pets: 'a pet',
};
