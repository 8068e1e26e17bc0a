import { describe, expect, it } from 'vitest';
import { assertValidEvent } from '../catalog.ts';
import { DomainError, eventMetadataFrom, evolveAll, type CommandMetadata } from '../decider.ts';
import { productDecider, type ProductCommand } from './decider.ts';
import type { ProductEvent } from './events.ts';

const bob = 'bob-uid'; // the seller
const ann = 'ann-uid'; // a buyer
const carl = 'carl-uid'; // another buyer
const admin = 'admin-uid';

const by = (actorUid: string, now = '2026-11-21T10:00:00.000Z'): CommandMetadata => ({
  actorUid,
  actorEmail: `${actorUid}@example.com`,
  now,
  correlationId: 'request-1',
  causationId: 'request-1',
});

/** given(history).when(command): the events decided, each checked against the catalog. */
const given = (...history: ProductEvent[]) => ({
  when: (command: ProductCommand): ProductEvent[] => {
    const events = productDecider.decide(command, evolveAll(productDecider, history));
    for (const e of events)
      assertValidEvent(e.type, e.schemaVersion, e.data, eventMetadataFrom(command.metadata));
    return events;
  },
});

const productId = 'galaxy-s21';
const listingRequest = {
  productId,
  productName: 'Galaxy S21',
  picture: 'a3f0c9d2-6b1e-4c7a-8d5f-2e9b0a1c3d4e.jpg',
  address: 'Dhaka',
  year: 2,
  buyingPrice: 800,
  sellingPrice: 450,
  sellerName: 'Bob',
  condition: 'Good' as const,
  phone: '01700000000',
  about: 'Works well, small scratch on the back',
  Brand: 'Samsung',
  email: 'bob@example.com',
  sellerEmail: 'bob@example.com',
  sellerUid: bob,
};
const listedAt = '2026-11-20T09:00:00.000Z';
const expiresAt = '2026-11-23T10:00:00.000Z';

const list = (overrides: Partial<typeof listingRequest> = {}, now = listedAt): ProductCommand => ({
  type: 'ListProduct',
  data: { ...listingRequest, ...overrides },
  metadata: by(bob, now),
});
const book = (buyerUid = ann, bookingId = `booking-of-${buyerUid}`): ProductCommand => ({
  type: 'BookProduct',
  data: {
    productId,
    bookingId,
    buyerName: 'Ann',
    email: 'ann@example.com',
    phone: '01800000000',
    address: 'Chittagong',
    expiresAt,
  },
  metadata: by(buyerUid),
});
const sell = (bookingId = 'booking-of-ann-uid'): ProductCommand => ({
  type: 'SellBookedProduct',
  data: { productId, bookingId },
  metadata: by(bob),
});
const release = (
  bookingId = 'booking-of-ann-uid',
  reason: 'declined' | 'cancelled' | 'expired' = 'declined',
): ProductCommand => ({
  type: 'ReleaseBookedProduct',
  data: { productId, bookingId, reason },
  metadata: by(bob),
});
const report = (reporter = ann): ProductCommand => ({
  type: 'ReportProduct',
  data: { productId },
  metadata: by(reporter),
});
const deleteReported: ProductCommand = {
  type: 'DeleteReportedProduct',
  data: { productId },
  metadata: by(admin),
};
const advertise = (actor = bob): ProductCommand => ({
  type: 'AdvertiseProduct',
  data: { productId },
  metadata: by(actor),
});
const markUnavailable = (actor = bob): ProductCommand => ({
  type: 'MarkProductUnavailable',
  data: { productId },
  metadata: by(actor),
});
const markAvailable = (actor = bob): ProductCommand => ({
  type: 'MarkProductAvailable',
  data: { productId },
  metadata: by(actor),
});

const listed: ProductEvent = {
  type: 'ProductListed',
  schemaVersion: 2,
  data: { ...listingRequest, postTime: listedAt },
};
const bookedBy = (buyerUid = ann, bookingId = `booking-of-${buyerUid}`): ProductEvent => ({
  type: 'ProductBooked',
  schemaVersion: 2,
  data: {
    productId,
    bookingId,
    buyerUid,
    buyerName: 'Ann',
    email: 'ann@example.com',
    phone: '01800000000',
    address: 'Chittagong',
    sellingPrice: 450,
    Brand: 'Samsung',
    productName: 'Galaxy S21',
    sellerUid: bob,
    sellerEmail: 'bob@example.com',
    expiresAt,
  },
});
const sold = (bookingId = 'booking-of-ann-uid'): ProductEvent => ({
  type: 'ProductSold',
  schemaVersion: 1,
  data: { productId, bookingId },
});
const released = (
  bookingId = 'booking-of-ann-uid',
  reason: 'declined' | 'cancelled' | 'expired' = 'declined',
): ProductEvent => ({
  type: 'ProductReleased',
  schemaVersion: 1,
  data: { productId, bookingId, reason },
});
const reported: ProductEvent = { type: 'ProductReported', schemaVersion: 1, data: { productId } };
const deleted: ProductEvent = {
  type: 'ReportedProductDeleted',
  schemaVersion: 1,
  data: { productId },
};
const advertised: ProductEvent = {
  type: 'ProductAdvertised',
  schemaVersion: 1,
  data: { productId },
};
const markedUnavailable: ProductEvent = {
  type: 'ProductMarkedUnavailable',
  schemaVersion: 1,
  data: { productId },
};
const markedAvailable: ProductEvent = {
  type: 'ProductMarkedAvailable',
  schemaVersion: 1,
  data: { productId },
};

const alreadyBooked = new DomainError('conflict', 'This product is already booked');
const productDeleted = new DomainError('illegal_state', 'This product has been deleted');
const notTheSeller = (action: string) =>
  new DomainError('forbidden', `Only the seller of this product can ${action}`);

describe('Product', () => {
  describe('when empty', () => {
    it('is listed, posted at the time of the command', () => {
      expect(given().when(list())).toEqual([listed]);
    });

    it('is listed with the image name when given the URL the upload answered', () => {
      const url = `http://127.0.0.1:5000/images/${listingRequest.picture}`;
      expect(given().when(list({ picture: url }))).toEqual([listed]);
    });

    it('refuses a picture that is not one of the uploaded images', () => {
      expect(() => given().when(list({ picture: 'https://img.example/s21.jpg' }))).toThrow(
        new DomainError(
          'invalid',
          'picture must be the name or URL of an uploaded image',
          'picture',
        ),
      );
    });

    it.each([
      ['booked', book()],
      ['reported', report()],
      ['deleted by an admin', deleteReported],
      ['advertised', advertise()],
      ['marked unavailable', markUnavailable()],
      ['marked available', markAvailable()],
    ])('cannot be %s', (_, command) => {
      expect(() => given().when(command)).toThrow(
        new DomainError('not_found', 'This product does not exist'),
      );
    });
  });

  describe('when available', () => {
    it('listing again with the same details changes nothing, even at a later time', () => {
      expect(given(listed).when(list({}, '2026-11-21T12:00:00.000Z'))).toEqual([]);
    });

    it('listing again with its picture under another host or port changes nothing', () => {
      const url = `http://localhost:5123/images/${listingRequest.picture}`;
      expect(given(listed).when(list({ picture: url }))).toEqual([]);
    });

    it('refuses listing it again with other details', () => {
      expect(() => given(listed).when(list({ sellingPrice: 1 }))).toThrow(
        new DomainError('conflict', 'This product already exists'),
      );
    });

    it('is booked by a buyer at the listed price', () => {
      expect(given(listed).when(book(ann))).toEqual([bookedBy(ann)]);
    });

    it('refuses a booking that would expire before it is made', () => {
      const command = book(ann);
      expect(() =>
        given(listed).when({
          ...command,
          data: { ...command.data, expiresAt: '2026-11-21T10:00:00.000Z' },
        } as ProductCommand),
      ).toThrow(new DomainError('invalid', 'A booking must expire after it is made', 'expiresAt'));
    });

    it('cannot be booked by its own seller', () => {
      expect(() => given(listed).when(book(bob))).toThrow(
        new DomainError('forbidden', 'You cannot book your own product'),
      );
    });

    it('is reported', () => {
      expect(given(listed).when(report())).toEqual([reported]);
    });

    it('cannot be deleted by an admin while not reported', () => {
      expect(() => given(listed).when(deleteReported)).toThrow(
        new DomainError('illegal_state', 'Only a reported product can be deleted'),
      );
    });

    it('is advertised by its seller', () => {
      expect(given(listed).when(advertise(bob))).toEqual([advertised]);
    });

    it('cannot be advertised by anyone else', () => {
      expect(() => given(listed).when(advertise(ann))).toThrow(notTheSeller('advertise it'));
    });

    it('is marked unavailable by its seller, and by nobody else', () => {
      expect(given(listed).when(markUnavailable(bob))).toEqual([markedUnavailable]);
      expect(() => given(listed).when(markUnavailable(ann))).toThrow(
        notTheSeller('change its availability'),
      );
    });

    it('marking it available changes nothing', () => {
      expect(given(listed).when(markAvailable())).toEqual([]);
    });
  });

  describe('when reported', () => {
    it('reporting again changes nothing', () => {
      expect(given(listed, reported).when(report(carl))).toEqual([]);
    });

    it('is deleted by an admin', () => {
      expect(given(listed, reported).when(deleteReported)).toEqual([deleted]);
    });

    it('can still be booked', () => {
      expect(given(listed, reported).when(book(ann))).toEqual([bookedBy(ann)]);
    });
  });

  describe('when advertised', () => {
    it('advertising again changes nothing', () => {
      expect(given(listed, advertised).when(advertise())).toEqual([]);
    });

    it('stays advertised after being taken off sale and put back', () => {
      expect(
        given(listed, advertised, markedUnavailable, markedAvailable).when(advertise()),
      ).toEqual([]);
    });
  });

  describe('when unavailable', () => {
    const history = [listed, markedUnavailable];

    it('cannot be booked', () => {
      expect(() => given(...history).when(book(ann))).toThrow(
        new DomainError('illegal_state', 'This product is not available'),
      );
    });

    it('cannot be advertised', () => {
      expect(() => given(...history).when(advertise())).toThrow(
        new DomainError('illegal_state', 'Only an available product can be advertised'),
      );
    });

    it('marking it unavailable again changes nothing', () => {
      expect(given(...history).when(markUnavailable())).toEqual([]);
    });

    it('is marked available by its seller, and by nobody else', () => {
      expect(given(...history).when(markAvailable(bob))).toEqual([markedAvailable]);
      expect(() => given(...history).when(markAvailable(ann))).toThrow(
        notTheSeller('change its availability'),
      );
    });

    it('can be booked again once available', () => {
      expect(given(...history, markedAvailable).when(book(ann))).toEqual([bookedBy(ann)]);
    });

    it('can be reported', () => {
      expect(given(...history).when(report())).toEqual([reported]);
    });
  });

  describe('when booked', () => {
    const history = [listed, bookedBy(ann)];

    it('cannot be booked again', () => {
      expect(() => given(...history).when(book(carl))).toThrow(alreadyBooked);
    });

    it('repeating the same booking changes nothing', () => {
      expect(given(...history).when(book(ann))).toEqual([]);
    });

    it('refuses the same booking id from another buyer', () => {
      expect(() => given(...history).when(book(carl, 'booking-of-ann-uid'))).toThrow(alreadyBooked);
    });

    it('a second booking by the same buyer is still a double booking', () => {
      expect(() => given(...history).when(book(ann, 'another-booking'))).toThrow(alreadyBooked);
    });

    it('cannot be advertised', () => {
      expect(() => given(...history).when(advertise())).toThrow(
        new DomainError('illegal_state', 'A booked product cannot be advertised'),
      );
    });

    it('cannot change its availability', () => {
      const booked = new DomainError(
        'illegal_state',
        'A booked product cannot change its availability',
      );
      expect(() => given(...history).when(markUnavailable())).toThrow(booked);
      expect(() => given(...history).when(markAvailable())).toThrow(booked);
    });

    it('can be reported', () => {
      expect(given(...history).when(report())).toEqual([reported]);
    });

    it('is sold through the booking that holds it', () => {
      expect(given(...history).when(sell())).toEqual([sold()]);
    });

    it('is not sold through another booking', () => {
      expect(() => given(...history).when(sell('another-booking'))).toThrow(
        new DomainError('conflict', 'This booking no longer holds the product'),
      );
    });

    it.each(['declined', 'cancelled', 'expired'] as const)(
      'is on sale again once its booking is %s',
      (reason) => {
        expect(given(...history).when(release(undefined, reason))).toEqual([
          released(undefined, reason),
        ]);
      },
    );

    it('is not released by the end of another booking', () => {
      expect(given(...history).when(release('another-booking'))).toEqual([]);
    });
  });

  describe('when released after a booking', () => {
    const history = [listed, advertised, bookedBy(ann), released()];

    it('can be booked again, by another buyer', () => {
      expect(given(...history).when(book(carl))).toEqual([bookedBy(carl)]);
    });

    it('is still advertised', () => {
      expect(given(...history).when(advertise())).toEqual([]);
    });

    it('releasing it again changes nothing', () => {
      expect(given(...history).when(release())).toEqual([]);
    });

    it('cannot be sold through the booking that ended', () => {
      expect(() => given(...history).when(sell())).toThrow(
        new DomainError('conflict', 'This booking no longer holds the product'),
      );
    });
  });

  describe('when sold', () => {
    const history = [listed, bookedBy(ann), sold()];
    const productSold = new DomainError('illegal_state', 'This product has been sold');

    it('cannot be booked by anyone else', () => {
      expect(() => given(...history).when(book(carl))).toThrow(productSold);
    });

    it('selling it again through the same booking changes nothing', () => {
      expect(given(...history).when(sell())).toEqual([]);
    });

    it('is not released by its booking any more', () => {
      expect(given(...history).when(release())).toEqual([]);
    });

    it.each([
      ['advertised', advertise()],
      ['marked unavailable', markUnavailable()],
      ['marked available', markAvailable()],
    ])('cannot be %s', (_, command) => {
      expect(() => given(...history).when(command)).toThrow(productSold);
    });

    it('can still be reported', () => {
      expect(given(...history).when(report())).toEqual([reported]);
    });
  });

  describe('when deleted', () => {
    const history = [listed, reported, deleted];

    it.each([
      ['booked', book()],
      ['reported', report()],
      ['listed again', list()],
      ['advertised', advertise()],
      ['marked unavailable', markUnavailable()],
    ])('cannot be %s', (_, command) => {
      expect(() => given(...history).when(command)).toThrow(productDeleted);
    });

    it('deleting again changes nothing', () => {
      expect(given(...history).when(deleteReported)).toEqual([]);
    });

    it('cannot be sold through a booking, and a booking that ends leaves it deleted', () => {
      const whileBooked = [listed, bookedBy(ann), reported, deleted];
      expect(() => given(...whileBooked).when(sell())).toThrow(productDeleted);
      expect(given(...whileBooked).when(release())).toEqual([]);
    });
  });
});
