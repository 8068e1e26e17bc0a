import { fileImageStore } from '@resale/workers';
import { marketCategories } from '@resale/workers/operators/bootstrap';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categoryStreamId,
  productStreamId,
  sellerStreamId,
  userStreamId,
  type EventStore,
  type RecordedEvent,
} from '@resale/events';
import { openEmbeddedEventStore } from '@resale/events/store/embedded-event-store';

import { demoAccounts, demoProducts, demoSeller } from '../../src/demo/demo-data.ts';
import {
  demoImageName,
  seedDemoData,
  type SeedDemoDataOptions,
  type SeedDemoDataResult,
} from '../../src/demo/seed-demo-data.ts';
import { startAuthEmulator, type AuthEmulator } from '../../src/auth-emulator.ts';
import { freePortRun } from '../../src/ports.ts';
import { appendDemoCatalogAsBefore } from '../support/demo-log-as-before.ts';

let auth: AuthEmulator;
let dir: string;
let store: EventStore;
let options: SeedDemoDataOptions;
let firstRun: SeedDemoDataResult;

beforeAll(async () => {
  auth = await startAuthEmulator({ port: await freePortRun(3) });
  dir = mkdtempSync(path.join(tmpdir(), 'demo-seed-'));
  store = openEmbeddedEventStore({ file: path.join(dir, 'events.db') });
  options = {
    eventStore: store,
    authEmulatorHost: auth.host,
    images: fileImageStore(dir),
  };
  firstRun = await seedDemoData(options);
});

afterAll(async () => {
  await store?.close();
  await auth?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const typesOf = (events: RecordedEvent[]): string[] => events.map(({ type }) => type);
const uidOf = (email: string): string =>
  firstRun.accounts.find((account) => account.email === email)?.uid ?? 'missing';

interface SignInAnswer {
  localId?: string;
  idToken?: string;
}

async function signIn(email: string, password: string): Promise<SignInAnswer> {
  const response = await fetch(
    `http://${auth.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return (await response.json()) as SignInAnswer;
}

describe('given an empty event store and Auth emulator, when the demo data is seeded', () => {
  it('creates the Samsung, Oppo and Iphone categories with their pictures', async () => {
    const titles: string[] = [];
    for (const { categoryId } of marketCategories) {
      const [created, ...rest] = await store.readStream(categoryStreamId(categoryId));
      expect(rest).toEqual([]);
      expect(created?.type).toBe('CategoryCreated');
      const { image, title } = created?.data as { image: string; title: string };
      // The picture `npm run bootstrap` stores, under the name the event gives.
      expect(image).toMatch(new RegExp(`^category-${categoryId}-[0-9a-f]{16}\\.png$`));
      const png = readFileSync(path.join(dir, 'images', image));
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 480, height: 360 });
      titles.push(title);
    }
    expect(titles).toEqual(['Samsung', 'Oppo', 'Iphone']);
  });

  it('registers the admin (granted admin), the seller and the buyer', async () => {
    expect(firstRun.accounts.map(({ role, email }) => [role, email])).toEqual([
      ['admin', 'admin@resale.demo'],
      ['seller', 'seller@resale.demo'],
      ['buyer', 'buyer@resale.demo'],
    ]);
    const admin = await store.readStream(userStreamId(uidOf('admin@resale.demo')));
    expect(typesOf(admin)).toEqual(['UserRegistered', 'UserPromoted']);
    const seller = await store.readStream(userStreamId(uidOf('seller@resale.demo')));
    expect(seller.map(({ data }) => data)).toEqual([
      {
        uid: uidOf('seller@resale.demo'),
        name: demoSeller.name,
        email: demoSeller.email,
        role: 'seller',
      },
    ]);
    const buyer = await store.readStream(userStreamId(uidOf('buyer@resale.demo')));
    expect(buyer.map(({ data }) => (data as { role: string }).role)).toEqual(['buyer']);
  });

  it('registers the seller record and verifies it', async () => {
    const seller = await store.readStream(sellerStreamId(uidOf(demoSeller.email)));
    expect(typesOf(seller)).toEqual(['SellerRegistered', 'SellerVerified']);
  });

  it('lists every product for the demo seller at its fixed, distinct post time', async () => {
    const sellerUid = uidOf(demoSeller.email);
    const postTimes = new Set<string>();
    for (const product of demoProducts) {
      const [listed] = await store.readStream(productStreamId(product.productId));
      expect(listed?.type).toBe('ProductListed');
      expect(listed?.data).toMatchObject({
        productName: product.productName,
        Brand: product.category,
        sellingPrice: product.sellingPrice,
        condition: product.condition,
        picture: demoImageName(product.picture),
        postTime: product.postTime,
        sellerUid,
        sellerEmail: demoSeller.email,
      });
      expect(listed?.metadata).toMatchObject({ actorUid: 'system', correlationId: 'demo-seed' });
      postTimes.add(product.postTime);
    }
    expect(postTimes.size).toBe(demoProducts.length);
    expect(new Set(demoProducts.map(({ category }) => category))).toEqual(
      new Set(['Samsung', 'Oppo', 'Iphone']),
    );
  });

  it('advertises the featured products, and only those', async () => {
    const featured: string[] = [];
    for (const { productId } of demoProducts) {
      const events = await store.readStream(productStreamId(productId));
      if (typesOf(events).includes('ProductAdvertised')) featured.push(productId);
    }
    expect(featured).toEqual(
      demoProducts.filter(({ advertised }) => advertised).map(({ productId }) => productId),
    );
    expect(featured.length).toBeGreaterThanOrEqual(2);
  });

  it('appends nothing else', async () => {
    const all = await store.readAll({ after: 0, limit: 1000 });
    // 3 categories, 3 registrations + 1 promotion, seller registered + verified, listings, ads.
    const advertised = demoProducts.filter(({ advertised }) => advertised).length;
    expect(all).toHaveLength(3 + 4 + 2 + demoProducts.length + advertised);
    expect(firstRun.appendedEvents).toBe(all.length);
  });

  it('creates the three accounts, which sign in with the printed passwords', async () => {
    for (const { email, password, uid, name } of firstRun.accounts) {
      const { localId, idToken = '' } = await signIn(email, password);
      expect(localId).toBe(uid);
      const claims: unknown = JSON.parse(
        Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString(),
      );
      expect(claims).toMatchObject({ name, email, email_verified: true });
    }
  });

  it('stores every picture as a PNG of the intended size under the name its events give', async () => {
    const pictures = demoProducts.map(({ picture }) => ({
      fileName: picture,
      width: 640,
      height: 480,
    }));
    expect(firstRun.storedImages).toBe(pictures.length);
    for (const { fileName, width, height } of pictures) {
      const png = readFileSync(path.join(dir, 'images', demoImageName(fileName)));
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width, height });
      // Whole: every pixel decodes (sharp refuses a cut-off or corrupt PNG).
      const { info } = await sharp(png, { failOn: 'warning' }).raw().toBuffer({
        resolveWithObject: true,
      });
      expect(info).toMatchObject({ width, height });
      expect(png.length).toBeLessThan(60 * 1024);
    }
  });
});

describe('given the demo data is already seeded', () => {
  it('when it is seeded again, nothing is appended or copied and the accounts are the same', async () => {
    const head = await store.headPosition();
    const secondRun = await seedDemoData(options);
    expect(secondRun).toEqual({ ...firstRun, appendedEvents: 0, storedImages: 0 });
    expect(await store.headPosition()).toBe(head);
  });

  it('when the emulator lost its accounts, seeding recreates them with the same uids and appends nothing', async () => {
    const cleared = await fetch(`http://${auth.host}/emulator/v1/projects/demo-resale/accounts`, {
      method: 'DELETE',
    });
    expect(cleared.ok).toBe(true);
    expect((await signIn(demoSeller.email, demoSeller.password)).localId).toBeUndefined();

    const head = await store.headPosition();
    const rerun = await seedDemoData(options);
    expect(rerun.appendedEvents).toBe(0);
    expect(rerun.accounts).toEqual(firstRun.accounts);
    expect(await store.headPosition()).toBe(head);
    for (const { email, password, uid } of demoAccounts)
      expect((await signIn(email, password)).localId).toBe(uid);
  });
});

describe('given the demo data seeded before events held image names, under another port', () => {
  it('seeding again (on any PORT) adds only what was missing and keeps the categories and listings', async () => {
    const oldDir = mkdtempSync(path.join(tmpdir(), 'demo-seed-before-'));
    const oldStore = openEmbeddedEventStore({ file: path.join(oldDir, 'events.db') });
    try {
      const before = await appendDemoCatalogAsBefore(oldStore, 'http://127.0.0.1:4000');
      const rerun = await seedDemoData({
        ...options,
        eventStore: oldStore,
        images: fileImageStore(oldDir),
      });
      const advertised = demoProducts.filter(({ advertised }) => advertised).length;
      // Users, the seller and the advertisements: no category or listing again.
      expect(rerun.appendedEvents).toBe(4 + 2 + advertised);
      const all = await oldStore.readAll({ after: 0, limit: 1000 });
      expect(all).toHaveLength(before + rerun.appendedEvents);
      const [samsung] = await oldStore.readStream(categoryStreamId('samsung'));
      expect(samsung).toMatchObject({
        schemaVersion: 2,
        data: { image: demoImageName('category-samsung.png') },
      });
    } finally {
      await oldStore.close();
      rmSync(oldDir, { recursive: true, force: true });
    }
  });
});
