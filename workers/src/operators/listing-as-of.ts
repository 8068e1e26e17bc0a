import { productStreamId, sellerStreamId, type AnyEvent, type RecordedEvent } from '@resale/events';
import { toProjectedEvent } from '../projections/apply-event.ts';
import type { ProductDocument } from '../projections/products/product-document.ts';
import { evolveProduct } from '../projections/products/products-read-model.ts';
import type { SellerDocument } from '../projections/sellers/seller-document.ts';
import { evolveSeller } from '../projections/sellers/sellers-read-model.ts';
import type { StreamReader } from './audit-timeline.ts';

/*
 * Time travel for disputes: a listing as it was at a point of the log, rebuilt from its events by
 * the very evolve its read model uses, so "then" and "now" are read the same way.
 */

/**
 * The document a stream's events make up to a log position (inclusive), folded through a read
 * model's evolve. Events of types no projection knows (a newer writer's) change nothing.
 */
export function foldUpTo<D>(
  events: readonly RecordedEvent[],
  position: number,
  evolve: (doc: D | null, event: AnyEvent, occurredAt: string) => D | null,
): D | null {
  let doc: D | null = null;
  for (const recorded of events) {
    if (recorded.position > position) break;
    const event = toProjectedEvent(recorded);
    if (event) doc = evolve(doc, event, recorded.metadata.occurredAt);
  }
  return doc;
}

/** A listing at one point of the log: the product's document and whether its seller was verified. */
export interface ListingState {
  readonly product: ProductDocument;
  readonly sellerVerified: boolean;
}

/** The listing then (at `position`) and now (at the log's head); null where it did not exist. */
export interface ListingThenAndNow {
  readonly productId: string;
  readonly position: number;
  /** When the last event of the listing at or before `position` was recorded, if any. */
  readonly asOf: string | null;
  readonly then: ListingState | null;
  readonly now: ListingState | null;
}

/** No stream of that product: the listing never existed. */
export class UnknownListingError extends Error {
  constructor(productId: string) {
    super(`No listing ${productId} in the log`);
    this.name = 'UnknownListingError';
  }
}

const stateAt = (
  productEvents: readonly RecordedEvent[],
  sellerEvents: (sellerUid: string) => readonly RecordedEvent[],
  position: number,
): ListingState | null => {
  const product = foldUpTo(productEvents, position, evolveProduct);
  if (!product) return null;
  const seller = foldUpTo<SellerDocument>(sellerEvents(product.sellerUid), position, evolveSeller);
  return { product, sellerVerified: seller?.verified ?? false };
};

/**
 * The listing as it was at `position` beside the listing today: the product's stream and its
 * seller's, each read once and folded twice (to `position`, to the end).
 */
export async function listingThenAndNow(
  eventStore: StreamReader,
  productId: string,
  position: number,
): Promise<ListingThenAndNow> {
  const productEvents = await eventStore.readStream(productStreamId(productId));
  const [first] = productEvents;
  if (!first) throw new UnknownListingError(productId);
  // A listing's seller never changes: ProductListed names them.
  const sellerUid = (first.data as { sellerUid?: unknown }).sellerUid;
  const sellerEvents: readonly RecordedEvent[] =
    typeof sellerUid === 'string' ? await eventStore.readStream(sellerStreamId(sellerUid)) : [];
  const events = () => sellerEvents;
  const lastThen = productEvents.filter((event) => event.position <= position).at(-1);
  return {
    productId,
    position,
    asOf: lastThen?.recordedAt ?? null,
    then: stateAt(productEvents, events, position),
    now: stateAt(productEvents, events, Number.MAX_SAFE_INTEGER),
  };
}
