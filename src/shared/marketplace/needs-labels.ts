/**
 * A trip's needs as short phrases, without the schemas of needs.ts: the trip summary shown on every
 * signed-in page imports only this, so zod stays out of a page's first load (issue 17: initial JS).
 */
import { plural } from '../plural.ts';
import type { RideNeeds } from './needs.ts';

export { plural };

/** The needs as short phrases for a trip summary ("1 infant capsule", "Folding wheelchair"...). */
export function needsLabels(n: RideNeeds): string[] {
  const out: string[] = [];
  if (n.infantSeats) out.push(plural(n.infantSeats, 'infant capsule'));
  if (n.childSeats) out.push(plural(n.childSeats, 'child seat'));
  if (n.boosterSeats) out.push(plural(n.boosterSeats, 'booster seat'));
  if (n.wheelchair === 'folding') out.push('Folding wheelchair');
  if (n.wheelchair === 'seated') out.push('Wheelchair user stays seated (ramp or lift)');
  if (n.pram) out.push('Pram or stroller');
  if (n.surfboards) out.push(plural(n.surfboards, 'surfboard'));
  if (n.bikes) out.push(plural(n.bikes, 'bike'));
  if (n.pets) out.push('Pet');
  return out;
}
