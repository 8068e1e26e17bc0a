/*
 * Loads the demo catalog: accounts in the Auth emulator, pictures in the images folder, and the
 * events that make categories, users, the seller and the products exist. Safe to run on every
 * start: ids and times are fixed and every command is idempotent, so a second run appends nothing.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { typeOfName, type ImageStore } from '@resale/workers';
import { bootstrapMarket, marketCategories } from '@resale/workers/operators/bootstrap';
import {
  handleCommand,
  productDecider,
  productStreamId,
  sellerDecider,
  sellerStreamId,
  systemActor,
  userDecider,
  userStreamId,
  type Command,
  type CommandMetadata,
  type Decider,
  type DomainEvent,
  type EventStore,
} from '@resale/events';
import {
  demoAccounts,
  demoAssetsDir,
  demoProducts,
  demoSeller,
  type DemoAccount,
  type DemoRole,
} from './demo-data.ts';

export interface SeedDemoDataOptions {
  readonly eventStore: EventStore;
  /** host:port of the Firebase Auth emulator, e.g. 127.0.0.1:9099. */
  readonly authEmulatorHost: string;
  /**
   * Where the gateway serves GET /images/<name> from; pictures are stored under demoImageName(),
   * and the events name them so (the gateway's answers make that a URL under its PUBLIC_URL).
   */
  readonly images: ImageStore;
  readonly log?: (line: string) => void;
}

export interface SeededAccount {
  readonly role: DemoRole;
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly uid: string;
}

export interface SeedDemoDataResult {
  readonly accounts: SeededAccount[];
  /** Events this run appended; 0 when the demo data was already there. */
  readonly appendedEvents: number;
  /** Pictures this run stored in the image store. */
  readonly storedImages: number;
}

const correlationId = 'demo-seed';
/** When the accounts and categories are said to be created; listings carry their own times. */
const seededAt = (second: number): string =>
  new Date(Date.UTC(2026, 9, 1, 8, 0, second)).toISOString();
const minuteAfter = (time: string): string =>
  new Date(new Date(time).getTime() + 60_000).toISOString();

export async function seedDemoData(options: SeedDemoDataOptions): Promise<SeedDemoDataResult> {
  const { eventStore, log = () => {} } = options;

  const accounts: SeededAccount[] = [];
  for (const account of demoAccounts) {
    const uid = await ensureAuthAccount(options.authEmulatorHost, account);
    accounts.push({ ...account, uid });
  }
  const uidOf = (email: string): string => {
    const account = accounts.find((candidate) => candidate.email === email);
    if (!account) throw new Error(`No demo account ${email}`);
    return account.uid;
  };

  const storedImages = await storePictures(options.images);

  let appendedEvents = 0;
  const run = async <C extends Command, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C,
  ): Promise<void> => {
    const result = await handleCommand(eventStore, streamId, decider, command);
    appendedEvents += result.events.length;
  };
  const metadata = (
    now: string,
    actor: { actorUid: string; actorEmail: string } = systemActor,
  ): CommandMetadata => ({ ...actor, now, correlationId, causationId: correlationId });

  // The categories are the marketplace's own, made as `npm run bootstrap` makes them.
  const { categories } = await bootstrapMarket({
    eventStore,
    images: options.images,
    now: new Date(seededAt(0)),
  });
  appendedEvents += categories.filter(({ outcome }) => outcome === 'created').length;

  for (const [index, { uid, role, name, email }] of accounts.entries()) {
    await run(userStreamId(uid), userDecider, {
      type: 'RegisterUser',
      // The admin signs up as a buyer and is granted admin, as ADMIN_EMAILS would.
      data: {
        uid,
        name,
        email,
        role: role === 'admin' ? 'buyer' : role,
        grantAdmin: role === 'admin',
      },
      metadata: metadata(seededAt(10 + index)),
    });
  }

  const sellerUid = uidOf(demoSeller.email);
  await run(sellerStreamId(sellerUid), sellerDecider, {
    type: 'RegisterSeller',
    data: {
      sellerId: sellerUid,
      name: demoSeller.name,
      email: demoSeller.email,
      sellerEmail: demoSeller.email,
    },
    metadata: metadata(seededAt(20)),
  });
  await run(sellerStreamId(sellerUid), sellerDecider, {
    type: 'VerifySeller',
    data: { sellerId: sellerUid },
    metadata: metadata(seededAt(21)),
  });

  const asSeller = { actorUid: sellerUid, actorEmail: demoSeller.email };
  for (const { productId, category, picture, postTime, advertised, ...listing } of demoProducts) {
    await run(productStreamId(productId), productDecider, {
      type: 'ListProduct',
      data: {
        productId,
        ...listing,
        picture: demoImageName(picture),
        Brand: category,
        sellerEmail: demoSeller.email,
        sellerUid,
      },
      metadata: metadata(postTime),
    });
    if (advertised)
      // Only a product's seller may advertise it, so this one acts as the demo seller.
      await run(productStreamId(productId), productDecider, {
        type: 'AdvertiseProduct',
        data: { productId },
        metadata: metadata(minuteAfter(postTime), asSeller),
      });
  }

  log(
    appendedEvents > 0
      ? `Demo data loaded: ${marketCategories.length} categories, ${demoProducts.length} products, ${accounts.length} accounts (${appendedEvents} events).`
      : 'Demo data already loaded.',
  );
  return { accounts, appendedEvents, storedImages };
}

/////////////////////////////////////////
// Pictures
/////////////////////////////////////////

/**
 * The name a demo picture is stored under: a fixed UUID (v5 layout, from the asset's file name)
 * with its extension, because the gateway serves only names shaped like its uploads' names.
 */
export function demoImageName(fileName: string): string {
  const hex = createHash('sha1').update(`resale-demo/${fileName}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
  return `${uuid}${path.extname(fileName)}`;
}

/** Stores each demo picture unless an identical one is already there; returns how many it stored. */
async function storePictures(images: ImageStore): Promise<number> {
  const fileNames = demoProducts.map(({ picture }) => picture);
  let stored = 0;
  for (const fileName of fileNames) {
    const name = demoImageName(fileName);
    const contentType = typeOfName(name);
    if (!contentType) throw new Error(`The demo picture ${fileName} is not a PNG, JPEG or WebP`);
    const bytes = await readFile(path.join(demoAssetsDir, fileName));
    const existing = await images.load(name);
    if (existing?.bytes.equals(bytes)) continue;
    await images.save(name, { contentType, bytes });
    stored += 1;
  }
  return stored;
}

/////////////////////////////////////////
// Auth emulator accounts (its REST API, as the Admin SDK and the web client use it)
/////////////////////////////////////////

interface IdentityAnswer {
  readonly localId?: string;
  readonly error?: { readonly message?: string };
}

async function identityCall(url: string, body: object, admin = false): Promise<IdentityAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // The emulator takes the bearer token 'owner' as admin credentials.
      ...(admin ? { authorization: 'Bearer owner' } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as IdentityAnswer;
}

/**
 * Makes sure the account exists and signs in with its demo password; returns its uid. A new
 * account gets the demo's fixed uid, so the events seeded before still belong to it when the
 * emulator's saved accounts were lost.
 */
async function ensureAuthAccount(host: string, account: DemoAccount): Promise<string> {
  const base = `http://${host}/identitytoolkit.googleapis.com/v1`;
  const { uid, name, email, password } = account;
  const created = await identityCall(
    `${base}/accounts:signUp?key=demo-api-key`,
    { localId: uid, email, password, displayName: name, emailVerified: true },
    true,
  );
  if (created.localId) return created.localId;
  const reason = created.error?.message ?? 'no answer';
  // The emulator checks the uid before the e-mail: either means the account is already there.
  if (!reason.startsWith('EMAIL_EXISTS') && !reason.startsWith('DUPLICATE_LOCAL_ID'))
    throw new Error(`Could not create the demo account ${email}: ${reason}`);

  const signedIn = await identityCall(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    email,
    password,
    returnSecureToken: true,
  });
  if (!signedIn.localId)
    throw new Error(
      `The demo account ${email} exists but its demo password no longer works ` +
        `(${signedIn.error?.message ?? 'no answer'}); remove the emulator's saved accounts to reset it.`,
    );
  return signedIn.localId;
}
