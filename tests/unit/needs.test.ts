/** The "can serve" rule (shared/marketplace/can-serve.ts over the needs of needs.ts): what a trip needs against what a driver offers. */
import { describe, expect, it } from 'vitest';
import { canServe, unmetNeeds } from '../../src/shared/marketplace/can-serve.ts';
import {
  type DriverOffers,
  driverOffersSchema,
  NO_NEEDS,
  NO_OFFERS,
  type RideNeeds,
  readNeeds,
  readOffers,
} from '../../src/shared/marketplace/needs.ts';
import { needsLabels } from '../../src/shared/marketplace/needs-labels.ts';

const needs = (n: Partial<RideNeeds>): RideNeeds => ({ ...NO_NEEDS, ...n });
const offers = (o: Partial<DriverOffers>): DriverOffers => ({ ...NO_OFFERS, ...o });

describe('can serve', () => {
  it('a trip with no needs is served by every driver, even one offering nothing', () => {
    expect(canServe(NO_NEEDS, NO_OFFERS)).toBe(true);
  });

  it.each<[string, Partial<RideNeeds>, Partial<DriverOffers>, string[]]>([
    ['an infant capsule needs a child seat', { infantSeats: 1 }, {}, ['childSeats']],
    [
      'infant capsule and child seat count together',
      { infantSeats: 1, childSeats: 1 },
      { childSeats: 1 },
      ['childSeats'],
    ],
    ['two child seats, two offered', { infantSeats: 1, childSeats: 1 }, { childSeats: 2 }, []],
    ['a booster is not a child seat', { boosterSeats: 1 }, { childSeats: 3 }, ['boosterSeats']],
    ['boosters offered', { boosterSeats: 2 }, { boosterSeats: 2 }, []],
    [
      'a folding wheelchair fits a car that stows one',
      { wheelchair: 'folding' },
      { wheelchair: 'folding' },
      [],
    ],
    ['a folding wheelchair fits a ramp vehicle too', { wheelchair: 'folding' }, { wheelchair: 'seated' }, []],
    [
      'a seated wheelchair user needs a ramp or lift',
      { wheelchair: 'seated' },
      { wheelchair: 'folding' },
      ['wheelchair'],
    ],
    ['a seated wheelchair user with a ramp', { wheelchair: 'seated' }, { wheelchair: 'seated' }, []],
    ['no wheelchair space at all', { wheelchair: 'folding' }, {}, ['wheelchair']],
    ['a pram', { pram: true }, {}, ['pram']],
    ['three boards on a two-board rack', { surfboards: 3 }, { surfboards: 2 }, ['surfboards']],
    ['bikes fit', { bikes: 2 }, { bikes: 4 }, []],
    ['a pet without pets allowed', { pets: true }, { pram: true }, ['pets']],
    [
      'several gaps at once, in a fixed order',
      { boosterSeats: 1, pram: true, pets: true, bikes: 1 },
      { bikes: 1 },
      ['boosterSeats', 'pram', 'pets'],
    ],
  ])('%s', (_name, n, o, unmet) => {
    expect(unmetNeeds(needs(n), offers(o))).toEqual(unmet);
    expect(canServe(needs(n), offers(o))).toBe(unmet.length === 0);
  });

  it('older rows ({} or bad values) read as no needs and no offers', () => {
    expect(readNeeds({})).toEqual(NO_NEEDS);
    expect(readNeeds(null)).toEqual(NO_NEEDS);
    expect(readNeeds({ wheelchair: 'hovercraft' })).toEqual(NO_NEEDS);
    expect(readOffers({ pets: true })).toEqual({ ...NO_OFFERS, pets: true });
  });

  it('labels the needs as a driver reads them', () => {
    expect(
      needsLabels(
        needs({ infantSeats: 1, boosterSeats: 2, wheelchair: 'seated', surfboards: 1, pets: true }),
      ),
    ).toEqual([
      '1 infant capsule',
      '2 booster seats',
      'Wheelchair user stays seated (ramp or lift)',
      '1 surfboard',
      'Pet',
    ]);
  });

  it('offers are validated: whole counts from 0, a known wheelchair kind', () => {
    expect(driverOffersSchema.safeParse({ childSeats: 1.5 }).success).toBe(false);
    expect(driverOffersSchema.safeParse({ wheelchair: 'maybe' }).success).toBe(false);
    expect(driverOffersSchema.parse({ childSeats: '2' }).childSeats).toBe(2);
  });
});
