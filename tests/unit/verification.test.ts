import { describe, expect, it } from 'vitest';
import {
  driverStanding,
  formatAbn,
  formatDay,
  isValidAbn,
  notVerifiedMessage,
  type StandingDocument,
  type StandingInput,
} from '../../src/shared/marketplace/verification.ts';
import {
  documentMetaSchema,
  driverProfileSchema,
  vehicleInputSchema,
} from '../../src/shared/validation/driver-business.ts';

const TODAY = '2026-11-24';
const VAN = { id: 'v1', label: '2022 Toyota HiAce, ABC123' };
const CAR = { id: 'v2', label: '2020 Kia Carnival, XYZ9' };

function doc(kind: StandingDocument['kind'], over: Partial<StandingDocument> = {}): StandingDocument {
  return {
    id: `${kind}-${over.vehicleId ?? 'b'}`,
    kind,
    vehicleId: null,
    status: 'approved',
    expiresOn: '2027-06-30',
    reviewReason: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

function complete(over: Partial<StandingInput> = {}): StandingInput {
  return {
    status: 'verified',
    statusReason: null,
    verifiedAt: '2026-11-02T03:00:00.000Z',
    profile: {
      companyName: 'Bay Shuttles',
      abn: '51824753556',
      bspNumber: 'BSP-1',
      businessPhone: '+61412345678',
      baseLocality: 'NELSON BAY',
    },
    vehicles: [VAN],
    documents: [doc('authorisation'), doc('insurance'), doc('safety_inspection', { vehicleId: 'v1' })],
    today: TODAY,
    ...over,
  };
}

describe('ABN', () => {
  it('accepts ABNs that pass the ATO checksum and refuses one changed digit', () => {
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('53004085616')).toBe(true);
    expect(isValidAbn('51824753557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });

  it('the profile schema gives the checksum message at the field, and takes spaces', () => {
    const base = { bspNumber: 'BSP-1', availability: { days: [], hours: { start: '09:00', end: '17:00' } } };
    const bad = driverProfileSchema.safeParse({ ...base, abn: '51 824 753 557' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['abn']);
    expect(bad.error?.issues[0]?.message).toMatch(/isn't valid/);
    const short = driverProfileSchema.safeParse({ ...base, abn: '1234' });
    expect(short.error?.issues[0]?.message).toMatch(/11 digits/);
    expect(driverProfileSchema.parse({ ...base, abn: '51 824 753 556' }).abn).toBe('51824753556');
    expect(driverProfileSchema.parse(base).abn).toBe('');
  });
});

describe('vehicle and document forms', () => {
  const van = { make: 'Toyota', model: 'HiAce', year: 2022, plate: 'ab 12-cd', seats: 11 };
  it('refuses 0 and 99 seats and normalises the plate', () => {
    expect(vehicleInputSchema.safeParse({ ...van, seats: 0 }).error?.issues[0]?.path).toEqual(['seats']);
    expect(vehicleInputSchema.safeParse({ ...van, seats: 99 }).error?.issues[0]?.path).toEqual(['seats']);
    expect(vehicleInputSchema.parse(van).plate).toBe('AB12CD');
  });

  it('refuses an expiry date in the past and an inspection without a vehicle', () => {
    const schema = documentMetaSchema(() => TODAY);
    const past = schema.safeParse({ kind: 'insurance', expiresOn: '2026-11-23' });
    expect(past.error?.issues[0]?.path).toEqual(['expiresOn']);
    expect(past.error?.issues[0]?.message).toMatch(/already expired/);
    expect(schema.safeParse({ kind: 'insurance', expiresOn: TODAY }).success).toBe(true);
    const noVehicle = schema.safeParse({ kind: 'safety_inspection', expiresOn: '2027-01-01' });
    expect(noVehicle.error?.issues[0]?.path).toEqual(['vehicleId']);
  });
});

describe('driverStanding', () => {
  it('lets a verified driver with everything in force quote', () => {
    const s = driverStanding(complete());
    expect(s.canQuote).toBe(true);
    expect(s.missing).toEqual([]);
    expect(s.usableVehicleIds).toEqual(['v1']);
    expect(s.items.find((i) => i.key === 'review')?.detail).toBe('Verified on 2 Nov 2026');
  });

  it('a document is in force through its last day and not after', () => {
    const lastDay = complete({
      documents: [
        doc('authorisation'),
        doc('insurance', { expiresOn: TODAY }),
        doc('safety_inspection', { vehicleId: 'v1' }),
      ],
    });
    expect(driverStanding(lastDay).canQuote).toBe(true);
    const s = driverStanding({ ...lastDay, today: '2026-11-25' });
    expect(s.canQuote).toBe(false);
    expect(s.missing).toEqual(['Insurance certificate (CTP and public liability)']);
    expect(s.items.find((i) => i.key === 'insurance')?.detail).toBe(
      'Expired on 24 Nov 2026. Upload a new one.',
    );
  });

  it('names everything a new driver lacks, and cannot submit', () => {
    const s = driverStanding(
      complete({
        status: 'incomplete',
        verifiedAt: null,
        profile: { companyName: '', abn: '', bspNumber: 'BSP-1', businessPhone: '', baseLocality: '' },
        vehicles: [],
        documents: [],
      }),
    );
    expect(s.canQuote).toBe(false);
    expect(s.canSubmit).toBe(false);
    expect(s.missing).toEqual([
      'ABN',
      'Business phone',
      'Base locality and service radius',
      'At least one vehicle',
      'Authorisation certificate',
      'Insurance certificate (CTP and public liability)',
      'Safety inspection',
      'Submit for review',
    ]);
    expect(notVerifiedMessage(s.missing)).toMatch(
      /^You can't quote yet: .*Still needed: ABN; Business phone;/,
    );
  });

  it('can submit once everything is uploaded, even while documents wait for review', () => {
    const pending = { status: 'pending' as const };
    const s = driverStanding(
      complete({
        status: 'incomplete',
        verifiedAt: null,
        documents: [
          doc('authorisation', pending),
          doc('insurance', pending),
          doc('safety_inspection', { vehicleId: 'v1', ...pending }),
        ],
      }),
    );
    expect(s.canSubmit).toBe(true);
    expect(s.canQuote).toBe(false);
    expect(s.items.find((i) => i.key === 'insurance')?.detail).toBe('Waiting for review');
  });

  it('one inspected vehicle is enough; the other is listed but does not block', () => {
    const s = driverStanding(complete({ vehicles: [VAN, CAR] }));
    expect(s.canQuote).toBe(true);
    expect(s.usableVehicleIds).toEqual(['v1']);
    const other = s.items.find((i) => i.key === 'safety_inspection:v2');
    expect(other).toMatchObject({ done: false, blocking: false, detail: 'Not uploaded' });
  });

  it('a suspended or rejected driver cannot quote, and the reason is shown', () => {
    const s = driverStanding(complete({ status: 'suspended', statusReason: 'Complaint under review' }));
    expect(s.canQuote).toBe(false);
    expect(s.missing).toEqual(['Account in good standing']);
    expect(s.items.at(-1)?.detail).toBe('Suspended: Complaint under review. Contact driver support.');
    const r = driverStanding(complete({ status: 'rejected', statusReason: 'Blurry insurance scan' }));
    expect(r.canSubmit).toBe(true);
    expect(r.items.at(-1)?.detail).toMatch(/^Not approved: Blurry insurance scan/);
  });

  it('a rejected document asks for a new one', () => {
    const s = driverStanding(
      complete({
        status: 'incomplete',
        documents: [
          doc('authorisation'),
          doc('insurance', { status: 'rejected', reviewReason: 'Wrong policy' }),
          doc('safety_inspection', { vehicleId: 'v1' }),
        ],
      }),
    );
    expect(s.canSubmit).toBe(false);
    expect(s.items.find((i) => i.key === 'insurance')?.detail).toBe(
      'Rejected: Wrong policy. Upload a new one.',
    );
  });

  it('formats calendar days without a clock', () => {
    expect(formatDay('2027-03-03')).toBe('3 Mar 2027');
  });
});
