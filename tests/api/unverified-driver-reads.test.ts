/**
 * Issue 28, finding 10: an unverified driver could read an open trip and its questions by id (the list of
 * open trips is gated, the detail was not). Now the detail, the thread and the thread counts need the same
 * verification as the list (403 driver_not_verified), except for a driver who already quoted on the trip.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, errorOf, signedInClient, startServer, type TestServer } from './helpers.ts';
import { insertQuote } from './marketplace-fixtures.ts';
import { postRide } from './ride-fixtures.ts';

describe.each(databaseKinds())('open trips read by id (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server?.close());

  it('probe: an unverified driver cannot read an open trip or its questions by id (issue 28 finding 10)', async () => {
    const customer = await signedInClient(server, { userType: 'customer' });
    const { ride } = await postRide(customer.client);
    const verified = await signedInClient(server, { userType: 'driver' });
    const unverified = await signedInClient(server, { userType: 'driver', verified: false });

    // The verified driver reads the trip, asks a question and reads the thread.
    expect((await verified.client.get(`/api/rides/${ride.id}`)).status).toBe(200);
    expect(
      (await verified.client.post(`/api/rides/${ride.id}/questions`, { body: 'Is the flight domestic?' }))
        .status,
    ).toBe(201);
    expect((await verified.client.get(`/api/rides/${ride.id}/questions`)).status).toBe(200);

    // The unverified one gets the list's answer for the detail and the thread, and no count.
    for (const path of [`/api/rides/${ride.id}`, `/api/rides/${ride.id}/questions`]) {
      const res = await unverified.client.get(path);
      expect(res.status, path).toBe(403);
      const error = await errorOf(res);
      expect(error.code).toBe('driver_not_verified');
      expect(error.message).toMatch(/^You can't quote yet/);
    }
    const counts = await unverified.client.get(`/api/ride-questions/counts?rideIds=${ride.id}`);
    expect(counts.status).toBe(200);
    expect(await counts.json()).toEqual({ counts: {} });
    expect(await (await verified.client.get(`/api/ride-questions/counts?rideIds=${ride.id}`)).json()).toEqual(
      { counts: { [ride.id]: { questions: 1, unanswered: 1 } } },
    );
  });

  it('a driver who already quoted keeps reading the trip after losing verification (issue 28 finding 10)', async () => {
    const customer = await signedInClient(server, { userType: 'customer' });
    const { ride } = await postRide(customer.client);
    const driver = await signedInClient(server, { userType: 'driver' });
    await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
    await server.db.execute(
      sql`update drivers set verification_status = 'suspended' where user_id = ${driver.userId}`,
    );
    expect((await driver.client.get(`/api/rides/available`)).status).toBe(403);
    expect((await driver.client.get(`/api/rides/${ride.id}`)).status).toBe(200);
    expect((await driver.client.get(`/api/rides/${ride.id}/questions`)).status).toBe(200);
    // Any other open trip is refused to them.
    const { ride: other } = await postRide(customer.client);
    expect((await driver.client.get(`/api/rides/${other.id}`)).status).toBe(403);
  });
});
