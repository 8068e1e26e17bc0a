import {
  readModels,
  topicNames,
  type ChangeTopic,
  type ReadModelChange,
  type ReadModelName,
} from '../read-models.ts';

/*
 * Topics of the change notifications (what the gateway's GraphQL subscriptions listen to).
 * Every message is `{ topic, payload }`; Mercurius hands `payload` to the subscription resolver.
 *
 * - `change.<model>`: every change of one read model. payload: ReadModelChange
 *   (`{ topic: model, key, ids, position }`). Topics: categories, products, reportedProducts,
 *   bookings, users, sellers, sellerProducts (each read model declares the topics it feeds).
 *   E.g. `change.reportedProducts`, `change.users`.
 * - `change.<model>.<key>`: the same change, also sent to the key's own topic when the change has
 *   a key (the read model's partition: a buyer's uid for bookings, a Brand for products, a
 *   seller's uid for sellerProducts). The key is escaped with `encodeURIComponent`; build these
 *   topics with `changeTopic(model, key)`, e.g. `changeTopic('products', 'Galaxy & Co')` is
 *   `change.products.Galaxy%20%26%20Co`.
 * - `applied`: sent after every event the projector has committed, changed or not.
 *   payload: `{ position }`. `waitForPosition` listens to it.
 *
 * - `log.appended`: from a gateway to the workers, after its appends to the embedded log file they
 *   share in the distributed profile (logAppendedTopic, log-appends.ts). payload: `{}`.
 *
 * - `rebuilt.<model>`: after an operator's replay swaps rebuilt read models in, one change per topic
 *   a rebuilt model feeds, with `key: null`, `ids: []` and `rebuilt: true` (see `rebuiltChanges`),
 *   is sent to `change.<model>` and to `rebuilt.<model>`: subscribers should refetch everything.
 *   A subscriber of a keyed topic listens to `rebuilt.<model>` too (build it with
 *   `rebuiltTopic(model)`): no key's own topic carries the notice.
 */

export const appliedTopic = 'applied';

export const changeTopic = (model: ChangeTopic, key?: string | null): string =>
  key === undefined || key === null
    ? `change.${model}`
    : `change.${model}.${encodeURIComponent(key)}`;

/**
 * Where a swap's notice reaches the subscribers of a keyed topic. One topic per read model rather
 * than the notice sent to every key's topic: the replay runs in another process and cannot know
 * which keys are followed, and a model's keys (every buyer, every brand) would each get a message,
 * most to nobody. Here a swap sends one message per model, and a keyed subscription pays one more
 * listener, which costs nothing until a swap.
 */
export const rebuiltTopic = (model: ChangeTopic): string => `rebuilt.${model}`;

/** The topics one change is sent to. */
export const topicsOf = (change: ReadModelChange): string[] =>
  change.key !== null
    ? [changeTopic(change.topic), changeTopic(change.topic, change.key)]
    : change.rebuilt
      ? [changeTopic(change.topic), rebuiltTopic(change.topic)]
      : [changeTopic(change.topic)];

export interface AppliedNotice {
  readonly position: number;
}

/**
 * What to announce once rebuilt read models were swapped in at `position`: one change per topic
 * they feed, with `key: null`, no ids and `rebuilt: true` (subscribers refetch everything).
 */
export const rebuiltChanges = (
  names: readonly ReadModelName[],
  position: number,
): ReadModelChange[] =>
  names
    .flatMap((name) => topicNames(readModels[name]))
    .map((topic) => ({ topic, key: null, ids: [], position, rebuilt: true }));
