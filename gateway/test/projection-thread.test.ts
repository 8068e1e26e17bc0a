import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTopic } from '@resale/workers';
import type { ReadModelChange } from '@resale/workers/read-models';
import { loadConfig } from '../src/config.ts';
import {
  bookProductAt,
  buildTestApp,
  getAs,
  listProduct,
  registerUser,
  seedCategories,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

describe.each([
  { setting: 'on', where: 'in a worker thread (the default)' },
  { setting: 'off', where: "on the gateway's event loop" },
] as const)(
  'the embedded profile with PROJECTION_THREAD=$setting: the pipeline $where',
  ({ setting }) => {
    let t: TestApp;
    let seller: SignedInUser;
    let buyer: SignedInUser;

    beforeAll(async () => {
      t = await buildTestApp({ PROJECTION_THREAD: setting });
      await seedCategories(t.app);
      [seller, buyer] = await Promise.all([
        registerUser(t.app, 'seller', { name: 'Tia' }),
        registerUser(t.app, 'buyer', { name: 'Ben' }),
      ]);
    });
    afterAll(() => t.close());

    it("shows a booking to its buyer's next read and tells the buyer's subscribers", async () => {
      const productId = await listProduct(t.app, seller, { productName: 'Galaxy S21' });
      let noticed: (change: ReadModelChange) => void = () => {};
      const notice = new Promise<ReadModelChange>((resolve) => (noticed = resolve));
      const unsubscribe = await t.app.readModels.pubsub.subscribe(
        changeTopic('bookings', buyer.uid),
        (payload) => noticed(payload as ReadModelChange),
      );
      try {
        const position = await bookProductAt(t.app, buyer, productId);
        // Read your writes: the read waits for the thread's projection of the booking.
        const mine = await getAs(
          t.app,
          buyer,
          `/bookings?email=${encodeURIComponent(buyer.email)}`,
          position,
        );
        expect(mine.statusCode).toBe(200);
        expect(mine.headers['x-read-models-behind']).toBeUndefined();
        expect(mine.json<{ productId: string }[]>().map((b) => b.productId)).toEqual([productId]);
        // The thread's change notice reaches this process's pub/sub (the GraphQL subscriptions'). It
        // may come after the read: that one found the thread's commit in the shared file already.
        expect(await notice).toMatchObject({ topic: 'bookings', key: buyer.uid });
      } finally {
        await unsubscribe();
      }
    });
  },
);

it('PROJECTION_THREAD is on by default and takes only on or off', () => {
  expect(loadConfig({ NODE_ENV: 'test' }).PROJECTION_THREAD).toBe('on');
  expect(() => loadConfig({ NODE_ENV: 'test', PROJECTION_THREAD: 'yes' })).toThrow(
    /PROJECTION_THREAD/,
  );
});
