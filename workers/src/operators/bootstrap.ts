import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  categoryDecider,
  categoryStreamId,
  DomainError,
  handleCommand,
  systemActor,
  type EventStore,
} from '@resale/events';
import type { ImageStore } from '../image-store/port.ts';
import { parseStrict, UsageError, type OperatorCommand } from './command-line.ts';
import { promoteUserByEmail, UnknownUserError } from './promote.ts';

/** A brand category the marketplace opens with. */
export interface MarketCategory {
  readonly categoryId: string;
  /** The brand, as listings name it (their Brand) and the add-product form offers it. */
  readonly title: string;
  /** Its picture, a PNG under workers/assets/categories/. */
  readonly picture: string;
}

/** The brands of spec section 5 ("Category options: Samsung, Oppo, Iphone"), with the demo's ids. */
export const marketCategories: readonly MarketCategory[] = [
  { categoryId: 'samsung', title: 'Samsung', picture: 'samsung.png' },
  { categoryId: 'oppo', title: 'Oppo', picture: 'oppo.png' },
  { categoryId: 'iphone', title: 'Iphone', picture: 'iphone.png' },
];

/** Where the category pictures are committed (rendered by infra/src/demo/render-images.ts). */
export const categoryPicturesDir = fileURLToPath(
  new URL('../../assets/categories/', import.meta.url),
);

/**
 * The name a category picture is stored under: named by its bytes, so a picture that changed in a
 * later version gets a new name (the gateway serves an image name as never changing).
 */
export function categoryPictureName(categoryId: string, bytes: Buffer): string {
  return `category-${categoryId}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.png`;
}

export type CategoryOutcome = 'created' | 'already there';
export type AdminOutcome =
  | { readonly email: string; readonly outcome: 'promoted'; readonly uid: string }
  | { readonly email: string; readonly outcome: 'already admin'; readonly uid: string }
  | { readonly email: string; readonly outcome: 'not registered' }
  | { readonly email: string; readonly outcome: 'refused'; readonly reason: string };

export interface BootstrapResult {
  readonly categories: readonly (MarketCategory & { readonly outcome: CategoryOutcome })[];
  readonly admins: readonly AdminOutcome[];
}

/**
 * Prepares a marketplace, and changes nothing on one that is ready: creates each category of
 * `marketCategories` that does not exist (its picture first, in the image store), then makes the
 * users registered with `adminEmails` admins. A category that exists is kept as it is, whatever
 * its picture (the demo data's have others). Every event records the system as its actor.
 */
export async function bootstrapMarket(options: {
  readonly eventStore: EventStore;
  readonly images: ImageStore;
  readonly adminEmails?: readonly string[];
  readonly now?: Date;
}): Promise<BootstrapResult> {
  const { eventStore, images, adminEmails = [], now = new Date() } = options;
  const correlationId = `operator-bootstrap-${randomUUID()}`;
  const metadata = {
    ...systemActor,
    now: now.toISOString(),
    correlationId,
    causationId: correlationId,
  };

  const categories: (MarketCategory & { outcome: CategoryOutcome })[] = [];
  for (const category of marketCategories) {
    const streamId = categoryStreamId(category.categoryId);
    if ((await eventStore.readStream(streamId)).length > 0) {
      categories.push({ ...category, outcome: 'already there' });
      continue;
    }
    const bytes = await readFile(path.join(categoryPicturesDir, category.picture));
    const image = categoryPictureName(category.categoryId, bytes);
    if (!(await images.load(image))) await images.save(image, { contentType: 'image/png', bytes });
    const { categoryId, title } = category;
    const result = await handleCommand(eventStore, streamId, categoryDecider, {
      type: 'CreateCategory',
      data: { categoryId, title, image },
      metadata,
    });
    categories.push({ ...category, outcome: result.appended ? 'created' : 'already there' });
  }

  const admins: AdminOutcome[] = [];
  for (const email of adminEmails) {
    try {
      const { uid, appended } = await promoteUserByEmail(eventStore, email, now);
      admins.push(
        appended ? { email, uid, outcome: 'promoted' } : { email, uid, outcome: 'already admin' },
      );
    } catch (error) {
      if (error instanceof UnknownUserError) admins.push({ email, outcome: 'not registered' });
      else if (error instanceof DomainError)
        admins.push({ email, outcome: 'refused', reason: error.message });
      else throw error;
    }
  }
  return { categories, admins };
}

export interface BootstrapArgs {
  /** E-mails of registered users to make admins. */
  readonly admins: readonly string[];
}

export const bootstrapCommand: OperatorCommand<BootstrapArgs> = {
  name: 'npm run bootstrap',
  usage: `Usage: npm run bootstrap [-- --admin <e-mail>...]

Prepares a new marketplace; on one that is ready it changes nothing, so it is safe to run again.
Creates the brand categories (${marketCategories.map((c) => c.title).join(', ')}) with their pictures, those that do
not exist yet, and makes the users registered with the given e-mails admins. Each user signs up
on the site first (or is listed in the gateways' ADMIN_EMAILS before signing up).

Options:
  --admin <e-mail>  make the user registered with this e-mail (any case) an admin; repeatable
  -h, --help        print this text

Environment:
  DATA_DIR        folder of the embedded event log (events.sqlite3) and images; default ./data in
                  the folder npm was run from. Without an event log there the command stops
                  and creates nothing.
  EVENTSTORE_URL  an EventStoreDB or KurrentDB (kurrentdb://...) to use instead of DATA_DIR
  MONGODB_URL     a MongoDB whose GridFS keeps the pictures instead of DATA_DIR/images
  MONGODB_DB      that MongoDB's database (default resale)

Examples:
  npm run bootstrap
  npm run bootstrap -- --admin ann@example.com
  docker compose run --rm bootstrap --admin ann@example.com`,
  parse(argv) {
    const parsed = parseStrict(argv, { admin: { type: 'string', multiple: true } });
    if (parsed === 'help') return { help: true };
    const [stray] = parsed.positionals;
    if (stray !== undefined)
      throw new UsageError(
        stray.includes('@')
          ? `an admin's e-mail goes after --admin: --admin ${stray}`
          : `unexpected argument "${stray}"`,
      );
    const given = parsed.values['admin'];
    const admins = (Array.isArray(given) ? given : []).filter(
      (value): value is string => typeof value === 'string',
    );
    const notEmail = admins.find((email) => !email.includes('@'));
    if (notEmail !== undefined) throw new UsageError(`"${notEmail}" is not an e-mail`);
    return { help: false, args: { admins } };
  },
};
