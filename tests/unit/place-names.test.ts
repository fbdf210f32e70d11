import { describe, expect, it } from 'vitest';
import { namedPlaceOf, rideEnd, rideRoute } from '../../src/server/services/places.ts';
import { airportName, flightHint } from '../../src/shared/marketplace/flight-hint.ts';
import {
  placeAddress,
  placeAddressLines,
  placeName,
  placeWithSuburb,
  returnRouteName,
  routeName,
} from '../../src/shared/marketplace/place-names.ts';

// As the booking form stores them: choosing Newcastle Airport fills the address with its name and suburb.
const airport = {
  locality: 'Williamtown',
  postcode: '2318',
  address: 'Newcastle Airport (NTL), Williamtown',
};
const nelsonBay = { locality: 'Nelson Bay', postcode: '2315', address: '' };
const street = { locality: 'Nelson Bay', postcode: '2315', address: '12 Stockton St, Nelson Bay' };
const ride = {
  pickupLocality: 'NELSON BAY',
  pickupPostcode: '2315',
  pickupAddress: '',
  destinationLocality: 'WILLIAMTOWN',
  destinationPostcode: '2318',
  destinationAddress: 'Newcastle Airport (NTL), Williamtown',
};

describe('a ride end names its named place (server)', () => {
  it('finds the named place an address begins with, in the same postcode', () => {
    expect(namedPlaceOf(airport)).toBe('Newcastle Airport (NTL)');
    expect(namedPlaceOf({ postcode: '2318', address: 'newcastle airport (ntl)' })).toBe(
      'Newcastle Airport (NTL)',
    );
    expect(namedPlaceOf({ postcode: '2020', address: 'Sydney Airport T1 (International)' })).toBe(
      'Sydney Airport T1 (International)',
    );
    // A trip saved under the terminal's former name is named by its name now.
    expect(namedPlaceOf({ postcode: '2020', address: 'Sydney International Airport (SYD), T1' })).toBe(
      'Sydney Airport T1 (International)',
    );
  });

  it('takes the name without its code, before a comma', () => {
    expect(namedPlaceOf({ postcode: '2318', address: 'Newcastle Airport' })).toBe('Newcastle Airport (NTL)');
    expect(namedPlaceOf({ postcode: '2318', address: 'Newcastle Airport, Departures' })).toBe(
      'Newcastle Airport (NTL)',
    );
    expect(namedPlaceOf({ postcode: '2318', address: 'Newcastle Airport Road 4' })).toBeNull();
  });

  it('is null for a street address, a suburb, or a name in another postcode', () => {
    expect(namedPlaceOf(street)).toBeNull();
    expect(namedPlaceOf(nelsonBay)).toBeNull();
    expect(namedPlaceOf({ postcode: '2315', address: 'Newcastle Airport (NTL), Williamtown' })).toBeNull();
  });

  it('names a ride row by its named places', () => {
    expect(rideEnd(ride, 'destination').name).toBe('Newcastle Airport (NTL)');
    expect(rideEnd(ride, 'pickup').name).toBeNull();
    expect(rideRoute(ride)).toBe('Nelson Bay → Newcastle Airport');
    expect(rideRoute(ride, { words: true })).toBe('Nelson Bay to Newcastle Airport');
  });
});

describe('naming a trip (shared by the server and the web app)', () => {
  const named = { ...airport, name: 'Newcastle Airport (NTL)' };

  it('names an end by its named place, else by its suburb', () => {
    expect(placeName(named)).toBe('Newcastle Airport');
    expect(placeName(nelsonBay)).toBe('Nelson Bay');
    expect(placeName({ locality: 'NELSON BAY' })).toBe('Nelson Bay');
    expect(placeName(street)).toBe('Nelson Bay');
    expect(
      placeName({ locality: 'Sydney Domestic Airport', name: 'Sydney Domestic Airport (SYD), T2 and T3' }),
    ).toBe('Sydney Domestic Airport, T2 and T3');
  });

  it('names the route, and a return trip once', () => {
    expect(routeName(nelsonBay, named)).toBe('Nelson Bay → Newcastle Airport');
    expect(routeName(named, nelsonBay, { words: true })).toBe('Newcastle Airport to Nelson Bay');
    expect(returnRouteName(nelsonBay, named)).toBe('Nelson Bay → Newcastle Airport and back');
  });

  it('writes an address with its suburb once', () => {
    expect(placeAddress(named)).toBe('Newcastle Airport (NTL), Williamtown NSW 2318');
    expect(placeAddress(airport)).toBe('Newcastle Airport (NTL), Williamtown NSW 2318');
    expect(placeAddress(street)).toBe('12 Stockton St, Nelson Bay NSW 2315');
    expect(placeAddress({ ...street, address: '12 Stockton St Nelson Bay NSW 2315' })).toBe(
      '12 Stockton St, Nelson Bay NSW 2315',
    );
    expect(placeAddress({ ...street, address: '12 Stockton St' })).toBe(
      '12 Stockton St, Nelson Bay NSW 2315',
    );
    expect(placeAddress(nelsonBay)).toBe('Nelson Bay NSW 2315');
    // A name that ends in its suburb says it once.
    expect(placeAddress({ ...nelsonBay, address: "d'Albora Marina Nelson Bay" })).toBe(
      "d'Albora Marina Nelson Bay NSW 2315",
    );
    expect(placeAddress({ ...nelsonBay, address: 'nelson bay' })).toBe('Nelson Bay NSW 2315');
    expect(placeWithSuburb(named)).toBe('Newcastle Airport (NTL), Williamtown');
    expect(placeWithSuburb({ ...street, address: '12 Stockton St Nelson Bay' })).toBe(
      '12 Stockton St Nelson Bay',
    );
    expect(placeWithSuburb(nelsonBay)).toBe('Nelson Bay');
    expect(placeAddressLines(named)).toEqual(['Newcastle Airport (NTL)', 'Williamtown NSW 2318']);
    // A driver before the booking: the address is hidden, the named place is not.
    expect(placeAddress({ ...named, address: '' })).toBe('Newcastle Airport (NTL), Williamtown NSW 2318');
    expect(placeAddress({ ...street, address: '' })).toBe('Nelson Bay NSW 2315');
  });
});

describe('the flight hint fits the direction', () => {
  it('to the airport: a drop-off; from it: a pickup', () => {
    expect(airportName(airport)).toBe('Newcastle Airport');
    expect(flightHint(nelsonBay, airport)).toBe(
      'For drop-offs at Newcastle Airport: your flight number helps the driver plan for your check-in.',
    );
    expect(flightHint(airport, nelsonBay)).toMatch(/^For pickups at Newcastle Airport: /);
    expect(flightHint(nelsonBay, street)).toMatch(/^For airport trips: /);
  });
});
