import { randomUUID } from 'node:crypto';
import {
  categoryStreamId,
  productStreamId,
  systemActor,
  type EventMetadata,
  type EventStore,
} from '@resale/events';
import { demoProducts, demoSeller } from '../../src/demo/demo-data.ts';
import { demoImageName } from '../../src/demo/seed-demo-data.ts';

/** The demo categories as that seeding made them, pictures named by demoImageName. */
const categoriesAsBefore = [
  { categoryId: 'samsung', title: 'Samsung', image: 'category-samsung.png' },
  { categoryId: 'oppo', title: 'Oppo', image: 'category-oppo.png' },
  { categoryId: 'iphone', title: 'Iphone', image: 'category-iphone.png' },
];

/**
 * Appends the demo categories and listings as the seeding wrote them before events held image
 * names: CategoryCreated and ProductListed at version 1, each with the absolute URL of its picture
 * under the gateway the start had then (`gatewayUrl`, e.g. http://127.0.0.1:5000). Answers how
 * many events it appended.
 */
export async function appendDemoCatalogAsBefore(
  store: EventStore,
  gatewayUrl: string,
): Promise<number> {
  const urlOf = (fileName: string): string => `${gatewayUrl}/images/${demoImageName(fileName)}`;
  const metadata = (
    occurredAt: string,
    actorUid: string = systemActor.actorUid,
  ): EventMetadata => ({
    ...systemActor,
    actorUid,
    occurredAt,
    correlationId: 'demo-seed',
    causationId: 'demo-seed',
  });
  let appended = 0;
  for (const [index, { categoryId, title, image }] of categoriesAsBefore.entries()) {
    const occurredAt = new Date(Date.UTC(2026, 9, 1, 8, 0, index)).toISOString();
    await store.append(
      categoryStreamId(categoryId),
      [
        {
          eventId: randomUUID(),
          event: {
            type: 'CategoryCreated',
            schemaVersion: 1,
            data: { categoryId, title, image: urlOf(image) },
          },
          metadata: metadata(occurredAt),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    appended += 1;
  }
  for (const {
    productId,
    category,
    picture,
    postTime,
    advertised: _,
    ...listing
  } of demoProducts) {
    await store.append(
      productStreamId(productId),
      [
        {
          eventId: randomUUID(),
          event: {
            type: 'ProductListed',
            schemaVersion: 1,
            data: {
              productId,
              ...listing,
              picture: urlOf(picture),
              Brand: category,
              sellerEmail: demoSeller.email,
              sellerUid: demoSeller.uid,
              postTime,
            },
          },
          metadata: metadata(postTime),
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    appended += 1;
  }
  return appended;
}
