import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTopic } from '@resale/workers';
import {
  bearer,
  buildTestApp,
  changeNotices,
  getAs,
  listProduct,
  registerUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from './helper.ts';

interface Case {
  _id: string;
  reportCount: number;
  reports: { reporterUid: string; reporterName: string; reason: string; details: string | null }[];
  claimedBy: { uid: string; name: string } | null;
  hidden: boolean;
  hiddenReason: string | null;
  reviewRequested: boolean;
}

describe("moderation: reports with reasons, an admin's claim, dismiss, hide, restore, delete", () => {
  let t: TestApp;
  let seller: SignedInUser;
  let ann: SignedInUser;
  let carl: SignedInUser;
  let ada: SignedInUser;
  let ben: SignedInUser;
  const adminEmails = [uniqueEmail('ada'), uniqueEmail('ben')];

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: adminEmails.join(',') });
    [seller, ann, carl, ada, ben] = await Promise.all([
      registerUser(t.app, 'seller', { name: 'Sam Seller' }),
      registerUser(t.app, 'buyer', { name: 'Ann Buyer' }),
      registerUser(t.app, 'buyer', { name: 'Carl Buyer' }),
      registerUser(t.app, 'buyer', { name: 'Ada Admin', email: adminEmails[0] }),
      registerUser(t.app, 'buyer', { name: 'Ben Admin', email: adminEmails[1] }),
    ]);
  });
  afterAll(() => t.close());

  const send = (
    user: SignedInUser,
    method: 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(user.accessToken),
      ...(payload ? { payload } : {}),
    });
  const report = (user: SignedInUser, productId: string, reason = 'stolen-or-blocked') =>
    send(user, 'PUT', `/allProducts/${productId}`, { reason });
  const act = (admin: SignedInUser, productId: string, action: string, reason = 'Checked') =>
    send(
      admin,
      'POST',
      `/reportedProducts/${productId}/${action}`,
      action === 'claim' || action === 'release' ? undefined : { reason },
    );
  /** The admins' queue once the read models reached `position`. */
  const queue = async (position: number): Promise<Case[]> =>
    (await getAs(t.app, ada, '/reportedProducts', position)).json<Case[]>();
  const caseOf = async (productId: string, position: number) =>
    (await queue(position)).find((c) => c._id === productId);
  const positionOf = (response: { json: <T>() => T }) =>
    response.json<{ position: number }>().position;

  it('groups the reports of a listing, with who reported and why, the latest first', async () => {
    const older = await listProduct(t.app, seller);
    const newer = await listProduct(t.app, seller);
    await report(ann, older);
    await report(ann, newer, 'wrong-price');
    await send(carl, 'PUT', `/allProducts/${older}`, { reason: 'other', details: 'Fake box' });
    const last = await report(carl, newer, 'spam-or-duplicate');
    const cases = await queue(positionOf(last));
    const ours = cases.filter((c) => c._id === older || c._id === newer);
    expect(ours.map((c) => c._id)).toEqual([newer, older]);
    expect(ours[1]).toMatchObject({
      reportCount: 2,
      claimedBy: null,
      hidden: false,
      reports: [
        { reporterUid: ann.uid, reporterName: 'Ann Buyer', reason: 'stolen-or-blocked' },
        { reporterUid: carl.uid, reporterName: 'Carl Buyer', reason: 'other', details: 'Fake box' },
      ],
    });
  });

  it('a second admin sees who holds a claimed case and cannot act on it until it is released', async () => {
    const productId = await listProduct(t.app, seller);
    await report(ann, productId);
    const claimed = await act(ada, productId, 'claim');
    expect(claimed.json()).toMatchObject({ modifiedCount: 1 });
    expect(await caseOf(productId, positionOf(claimed))).toMatchObject({
      claimedBy: { uid: ada.uid, name: 'Ada Admin' },
    });
    for (const action of ['claim', 'dismiss', 'hide', 'release']) {
      const refused = await act(ben, productId, action);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: 'This listing is being reviewed by Ada Admin',
      });
    }
    const deleted = await send(ben, 'DELETE', `/reportedProducts/${productId}`, { reason: 'x' });
    expect(deleted.statusCode).toBe(409);
    expect((await act(ada, productId, 'release')).statusCode).toBe(200);
    expect((await act(ben, productId, 'claim')).json()).toMatchObject({ modifiedCount: 1 });
  });

  it('of two admins claiming a case at once, exactly one holds it; the other is told who', async () => {
    const productId = await listProduct(t.app, seller);
    await report(ann, productId);
    const answers = await Promise.all([act(ada, productId, 'claim'), act(ben, productId, 'claim')]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? ada : ben;
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      message: `This listing is being reviewed by ${winner.name}`,
    });
    const claims = (await t.app.eventStore.readStream(`product-${productId}`)).filter(
      (event) => event.type === 'CaseClaimed',
    );
    expect(claims).toHaveLength(1);
  });

  it('refuses acting without a claim, and without a reason', async () => {
    const productId = await listProduct(t.app, seller);
    await report(ann, productId);
    const unclaimed = await act(ada, productId, 'hide');
    expect(unclaimed.statusCode).toBe(409);
    expect(unclaimed.json()).toMatchObject({ message: 'Claim this case before acting on it' });
    await act(ada, productId, 'claim');
    const noReason = await send(ada, 'POST', `/reportedProducts/${productId}/hide`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: 'Give a reason (up to 300 characters)' });
    const notHidden = await act(ada, productId, 'restore');
    expect(notHidden.statusCode).toBe(409);
    expect(notHidden.json()).toMatchObject({ message: 'This listing is not hidden' });
  });

  it('dismissing closes the reports: out of the queue, the listing stays, its reporter may report again', async () => {
    const productId = await listProduct(t.app, seller);
    await report(ann, productId);
    await act(ada, productId, 'claim');
    const dismissed = await act(ada, productId, 'dismiss', 'The price is right');
    expect(dismissed.json()).toMatchObject({ modifiedCount: 1 });
    expect(await caseOf(productId, positionOf(dismissed))).toBeUndefined();
    const page = await getAs(t.app, ann, `/products/${productId}`, positionOf(dismissed));
    expect(page.statusCode).toBe(200);
    expect((await report(ann, productId)).statusCode).toBe(200);
  });

  it('hiding takes the listing off the public pages at once; its seller sees why, asks for a review, and it is restored', async () => {
    const productId = await listProduct(t.app, seller, { Brand: 'Oppo' });
    await report(ann, productId);
    await act(ada, productId, 'claim');
    const hidden = await act(ada, productId, 'hide', 'The IMEI is blocked');
    const at = positionOf(hidden);
    const brandList = await getAs(t.app, ann, '/allProducts/Oppo', at);
    expect(brandList.json<{ _id: string }[]>().map((p) => p._id)).not.toContain(productId);
    expect((await getAs(t.app, ann, `/products/${productId}`, at)).statusCode).toBe(404);
    const booking = await send(ann, 'POST', '/bookings', {
      productId,
      buyerName: ann.name,
      email: ann.email,
    });
    expect(booking.statusCode).toBe(409);
    const own = await getAs(t.app, seller, `/myProducts/${seller.email}`, at);
    expect(own.json<Case[]>().find((p) => p._id === productId)).toMatchObject({
      hidden: true,
      hiddenReason: 'The IMEI is blocked',
    });
    expect((await getAs(t.app, seller, `/products/${productId}`, at)).statusCode).toBe(200);

    // The seller edits it and asks for a review; only they may.
    expect(
      (await send(seller, 'PATCH', `/myProducts/${productId}`, { about: 'Unblocked' })).statusCode,
    ).toBe(200);
    const otherSeller = await registerUser(t.app, 'seller');
    expect(
      (await send(otherSeller, 'POST', `/myProducts/${productId}/review`, {})).statusCode,
    ).toBe(403);
    const asked = await send(seller, 'POST', `/myProducts/${productId}/review`, {
      note: 'It is unblocked now',
    });
    expect(asked.json()).toMatchObject({ modifiedCount: 1 });
    expect(await caseOf(productId, positionOf(asked))).toMatchObject({
      hidden: true,
      reviewRequested: true,
      claimedBy: null,
    });

    await act(ben, productId, 'claim');
    const restored = await act(ben, productId, 'restore', 'Checked the IMEI again');
    expect(restored.json()).toMatchObject({ modifiedCount: 1 });
    const back = await getAs(t.app, ann, '/allProducts/Oppo', positionOf(restored));
    expect(back.json<{ _id: string }[]>().map((p) => p._id)).toContain(productId);
    expect(await caseOf(productId, positionOf(restored))).toBeUndefined();
  });

  it("answers the queue through GraphQL, and tells the admins' feed of each claim at once", async () => {
    const productId = await listProduct(t.app, seller);
    const reported = await report(ann, productId, 'wrong-price');
    const notices = await changeNotices(t, changeTopic('reportedProducts'));
    const claimed = await act(ada, productId, 'claim');
    const notice = await notices.until(
      (change) => change.ids.includes(productId) && change.position >= positionOf(claimed),
    );
    expect(notice.position).toBe(positionOf(claimed));
    const answer = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: bearer(ben.accessToken),
      payload: {
        query: `query ($minPosition: Float) {
          reportedProducts(minPosition: $minPosition) {
            _id reportCount hidden
            reports { reporterName reason details }
            claimedBy { uid name }
          }
        }`,
        variables: { minPosition: positionOf(claimed) },
      },
    });
    const cases = answer.json<{ data: { reportedProducts: { _id: string }[] } }>().data
      .reportedProducts;
    expect(cases.find((c) => c._id === productId)).toEqual({
      _id: productId,
      reportCount: 1,
      hidden: false,
      reports: [{ reporterName: 'Ann Buyer', reason: 'wrong-price', details: null }],
      claimedBy: { uid: ada.uid, name: 'Ada Admin' },
    });
    expect(positionOf(reported)).toBeLessThan(positionOf(claimed));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: bearer(ann.accessToken),
      payload: { query: '{ reportedProducts { _id } }' },
    });
    expect(refused.json<{ data: unknown }>().data).toBeNull();
  });

  it('deleting says why, and is final', async () => {
    const productId = await listProduct(t.app, seller);
    await report(ann, productId);
    await act(ada, productId, 'claim');
    const deleted = await send(ada, 'DELETE', `/reportedProducts/${productId}`, {
      reason: 'Stolen phone, confirmed',
    });
    expect(deleted.json()).toMatchObject({ deletedCount: 1 });
    const history = await t.app.eventStore.readStream(`product-${productId}`);
    expect(history.at(-1)).toMatchObject({
      type: 'ReportedProductDeleted',
      data: { adminUid: ada.uid, reason: 'Stolen phone, confirmed' },
    });
    expect((await act(ada, productId, 'claim')).statusCode).toBe(409);
  });

  it('the moderation routes are for admins only, and a refused call changes nothing', async () => {
    const productId = await listProduct(t.app, seller);
    await report(ann, productId);
    const before = await t.app.eventStore.readStream(`product-${productId}`);
    for (const intruder of [ann, seller])
      for (const action of ['claim', 'release', 'dismiss', 'hide', 'restore'])
        expect((await act(intruder, productId, action)).statusCode).toBe(403);
    expect(await t.app.eventStore.readStream(`product-${productId}`)).toEqual(before);
  });
});
