import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '@resale/events';
import { promoteUserByEmail } from '@resale/workers/operators/promote';
import {
  bearer,
  buildTestApp,
  registerUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

/**
 * The embedded gateway caches its callers' user state between calls; every change to a user must
 * still reach the next call (promotions and deletions through the gateway), or the first call
 * after the users read model has it (an operator's script writing from another process).
 */
describe("callers' user state cached between calls", () => {
  let t: TestApp;
  let admin: SignedInUser;
  const adminEmail = uniqueEmail('admin');
  const asAdmin = (user: SignedInUser) =>
    t.app.inject({ url: '/users', headers: bearer(user.accessToken) });

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: adminEmail });
    admin = await registerUser(t.app, 'buyer', { email: adminEmail });
  });
  afterAll(() => t.close());

  it('a promotion through the gateway counts from the very next call', async () => {
    const user = await registerUser(t.app, 'buyer');
    expect((await asAdmin(user)).statusCode).toBe(403);
    expect((await asAdmin(user)).statusCode).toBe(403);
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/users/admin/${user.uid}`,
      headers: bearer(admin.accessToken),
    });
    expect(promoted.statusCode).toBe(200);
    expect((await asAdmin(user)).statusCode).toBe(200);
  });

  it('a deletion through the gateway counts from the very next call', async () => {
    const user = await registerUser(t.app, 'buyer');
    const mine = `/bookings?email=${encodeURIComponent(user.email)}`;
    expect((await t.app.inject({ url: mine, headers: bearer(user.accessToken) })).statusCode).toBe(
      200,
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/users/${user.uid}`,
      headers: bearer(admin.accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: mine, headers: bearer(user.accessToken) })).statusCode,
    ).toBeGreaterThanOrEqual(401);
  });

  it("an operator's promotion from another process counts once the users read model has it", async () => {
    const user = await registerUser(t.app, 'buyer');
    expect((await asAdmin(user)).statusCode).toBe(403);
    // `npm run promote` opens the same log file from its own process.
    const operatorStore = createEventStore({ DATA_DIR: t.dataDir });
    let position: number;
    try {
      ({ position } = await promoteUserByEmail(operatorStore, user.email));
    } finally {
      await operatorStore.close();
    }
    expect(await t.app.readModels.waitFor(position, 5_000)).toBe(true);
    expect((await asAdmin(user)).statusCode).toBe(200);
  });
});
