import { describe, expect, it } from 'vitest';
import { assertValidEvent } from '../catalog.ts';
import { DomainError, eventMetadataFrom, evolveAll, type CommandMetadata } from '../decider.ts';
import { systemActor } from '../envelope.ts';
import { productDecider, type ProductCommand } from './decider.ts';
import type { ChosenReportReason, ProductEvent, ReportReason } from './events.ts';

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
const report = (
  reporter = ann,
  reason: ChosenReportReason = 'wrong-price',
  details?: string | null,
): ProductCommand => ({
  type: 'ReportProduct',
  data: { productId, reporterName: `${reporter} name`, reason, details },
  metadata: by(reporter),
});
const deleteReported: ProductCommand = {
  type: 'DeleteReportedProduct',
  data: { productId, adminName: 'Ada', reason: 'Stolen phone' },
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

const edit = (
  changes: Omit<Extract<ProductCommand, { type: 'EditProduct' }>['data'], 'productId'>,
  actor = bob,
  now = '2026-11-21T10:00:00.000Z',
): ProductCommand => ({
  type: 'EditProduct',
  data: { productId, ...changes },
  metadata: by(actor, now),
});
const withdraw = (
  actor = bob,
  reason: 'seller-withdrew' | 'account-deleted' = 'seller-withdrew',
): ProductCommand => ({
  type: 'WithdrawProduct',
  data: { productId, reason },
  metadata: by(actor),
});
/** The system's withdrawal after an admin deleted the seller's account (the reactor's). */
const withdrawForDeletedAccount = (actor: string = systemActor.actorUid) =>
  withdraw(actor, 'account-deleted');
const markSoldElsewhere = (actor = bob): ProductCommand => ({
  type: 'MarkProductSoldElsewhere',
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
const reportedBy = (
  reporter = ann,
  reason: ReportReason = 'wrong-price',
  details: string | null = null,
): ProductEvent => ({
  type: 'ProductReported',
  schemaVersion: 2,
  data: {
    productId,
    reporterUid: reporter,
    reporterName: `${reporter} name`,
    reason,
    details,
    reportedAt: '2026-11-21T10:00:00.000Z',
  },
});
const reported = reportedBy(ann);
const claimedBy = (adminUid = admin, adminName = 'Ada'): ProductEvent => ({
  type: 'CaseClaimed',
  schemaVersion: 1,
  data: { productId, adminUid, adminName },
});
const deleted: ProductEvent = {
  type: 'ReportedProductDeleted',
  schemaVersion: 2,
  data: { productId, adminUid: admin, reason: 'Stolen phone' },
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

const priceChanged = (
  sellingPrice: number,
  changedAt = '2026-11-21T10:00:00.000Z',
): ProductEvent => ({
  type: 'ProductPriceChanged',
  schemaVersion: 1,
  data: { productId, sellingPrice, changedAt },
});
const conditionChanged = (condition: 'Good' | 'Excelent' | 'Fair'): ProductEvent => ({
  type: 'ProductConditionChanged',
  schemaVersion: 1,
  data: { productId, condition },
});
const descriptionChanged = (about: string): ProductEvent => ({
  type: 'ProductDescriptionChanged',
  schemaVersion: 1,
  data: { productId, about },
});
const newPicture = 'b4e1d0c3-7a2f-4d8b-9e6a-3f0c1b2d4e5f.webp';
const pictureChanged = (picture = newPicture): ProductEvent => ({
  type: 'ProductPictureChanged',
  schemaVersion: 1,
  data: { productId, picture },
});
const withdrawn: ProductEvent = {
  type: 'ProductWithdrawn',
  schemaVersion: 1,
  data: { productId, reason: 'seller-withdrew' },
};
const withdrawnForDeletedAccount: ProductEvent = {
  type: 'ProductWithdrawn',
  schemaVersion: 1,
  data: { productId, reason: 'account-deleted' },
};
const soldElsewhere: ProductEvent = {
  type: 'ProductSoldElsewhere',
  schemaVersion: 1,
  data: { productId },
};

const alreadyBooked = new DomainError('conflict', 'This product is already booked');
const productDeleted = new DomainError('illegal_state', 'This product has been deleted');
const notTheSeller = (action: string) =>
  new DomainError('forbidden', `Only the seller of this product can ${action}`);
const pendingBooking = new DomainError(
  'illegal_state',
  'This product has a pending booking: answer it first',
);
const productSold = new DomainError('illegal_state', 'This product has been sold');
const productWithdrawn = new DomainError(
  'illegal_state',
  'This product has been withdrawn by its seller',
);

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
      ['edited', edit({ sellingPrice: 400 })],
      ['withdrawn', withdraw()],
      ['marked sold elsewhere', markSoldElsewhere()],
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
    it('is reported by another user too', () => {
      expect(given(listed, reported).when(report(carl))).toEqual([reportedBy(carl)]);
    });

    it('refuses a second open report by the same user', () => {
      expect(() => given(listed, reported).when(report(ann, 'prohibited-item'))).toThrow(
        new DomainError(
          'conflict',
          'You have already reported this listing: an admin will review your report',
        ),
      );
    });

    it('is deleted by an admin, who claims the free case in the same step', () => {
      expect(given(listed, reported).when(deleteReported)).toEqual([claimedBy(), deleted]);
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
  describe('edited by its seller', () => {
    it('a new price is one ProductPriceChanged, at the time of the command', () => {
      expect(given(listed).when(edit({ sellingPrice: 400 }))).toEqual([priceChanged(400)]);
    });

    it('each changed field is its own event, in one decision', () => {
      expect(
        given(listed).when(
          edit({
            sellingPrice: 400,
            condition: 'Fair',
            about: 'A new battery',
            picture: newPicture,
          }),
        ),
      ).toEqual([
        priceChanged(400),
        conditionChanged('Fair'),
        descriptionChanged('A new battery'),
        pictureChanged(),
      ]);
    });

    it('a field equal to what the listing has changes nothing', () => {
      expect(
        given(listed).when(
          edit({ sellingPrice: 450, condition: 'Good', about: listingRequest.about }),
        ),
      ).toEqual([]);
      expect(given(listed).when(edit({ sellingPrice: 450, about: 'A new battery' }))).toEqual([
        descriptionChanged('A new battery'),
      ]);
    });

    it('repeating an edit changes nothing: the listing holds the edits', () => {
      expect(
        given(listed, priceChanged(400), pictureChanged()).when(
          edit({ sellingPrice: 400, picture: newPicture }),
        ),
      ).toEqual([]);
    });

    it('takes the picture as the URL the upload answered, and keeps its name', () => {
      const url = `http://127.0.0.1:5000/images/${newPicture}`;
      expect(given(listed).when(edit({ picture: url }))).toEqual([pictureChanged()]);
    });

    it('refuses a picture that is not one of the uploaded images', () => {
      expect(() => given(listed).when(edit({ picture: 'https://img.example/a.jpg' }))).toThrow(
        new DomainError(
          'invalid',
          'picture must be the name or URL of an uploaded image',
          'picture',
        ),
      );
    });

    it('refuses an edit that names no field', () => {
      expect(() => given(listed).when(edit({}))).toThrow(
        new DomainError(
          'invalid',
          'Give at least one of sellingPrice, condition, about and picture to change',
        ),
      );
    });

    it('is edited while taken off sale', () => {
      expect(given(listed, markedUnavailable).when(edit({ condition: 'Fair' }))).toEqual([
        conditionChanged('Fair'),
      ]);
    });

    it('is booked at its new price', () => {
      const booking = bookedBy(ann);
      expect(given(listed, priceChanged(400)).when(book(ann))).toEqual([
        { ...booking, data: { ...booking.data, sellingPrice: 400 } },
      ]);
    });

    it('cannot be edited by anyone else', () => {
      expect(() => given(listed).when(edit({ sellingPrice: 1 }, ann))).toThrow(
        notTheSeller('edit it'),
      );
    });

    it.each([
      ['booked', [listed, bookedBy(ann)], pendingBooking],
      ['sold through a booking', [listed, bookedBy(ann), sold()], productSold],
      ['sold elsewhere', [listed, soldElsewhere], productSold],
      ['withdrawn', [listed, withdrawn], productWithdrawn],
      ['deleted', [listed, reported, deleted], productDeleted],
    ])('cannot be edited once %s', (_, history, refusal) => {
      expect(() => given(...history).when(edit({ sellingPrice: 1 }))).toThrow(refusal);
    });
  });

  describe('withdrawn by its seller', () => {
    it('is withdrawn while on sale, or while taken off sale', () => {
      expect(given(listed).when(withdraw())).toEqual([withdrawn]);
      expect(given(listed, markedUnavailable).when(withdraw())).toEqual([withdrawn]);
    });

    it('withdrawing it again changes nothing', () => {
      expect(given(listed, withdrawn).when(withdraw())).toEqual([]);
    });

    it('cannot be withdrawn by anyone else', () => {
      expect(() => given(listed).when(withdraw(ann))).toThrow(notTheSeller('withdraw it'));
    });

    it.each([
      ['booked', [listed, bookedBy(ann)], pendingBooking],
      ['sold through a booking', [listed, bookedBy(ann), sold()], productSold],
      ['sold elsewhere', [listed, soldElsewhere], productSold],
      ['deleted', [listed, reported, deleted], productDeleted],
    ])('cannot be withdrawn once %s', (_, history, refusal) => {
      expect(() => given(...history).when(withdraw())).toThrow(refusal);
    });

    it('is withdrawn once its booking ended unsold', () => {
      expect(given(listed, bookedBy(ann), released()).when(withdraw())).toEqual([withdrawn]);
    });

    it.each([
      ['booked', book(ann)],
      ['advertised', advertise()],
      ['marked unavailable', markUnavailable()],
      ['marked available', markAvailable()],
      ['marked sold elsewhere', markSoldElsewhere()],
    ])('is final: cannot be %s', (_, command) => {
      expect(() => given(listed, withdrawn).when(command)).toThrow(productWithdrawn);
    });

    it('can still be reported, and deleted by an admin', () => {
      expect(given(listed, withdrawn).when(report())).toEqual([reported]);
      expect(given(listed, withdrawn, reported).when(deleteReported)).toEqual([
        claimedBy(),
        deleted,
      ]);
    });
  });

  describe("withdrawn by the system, its seller's account deleted", () => {
    it('is withdrawn while on sale, taken off sale or once its booking ended unsold', () => {
      expect(given(listed).when(withdrawForDeletedAccount())).toEqual([withdrawnForDeletedAccount]);
      expect(given(listed, markedUnavailable).when(withdrawForDeletedAccount())).toEqual([
        withdrawnForDeletedAccount,
      ]);
      expect(given(listed, bookedBy(ann), released()).when(withdrawForDeletedAccount())).toEqual([
        withdrawnForDeletedAccount,
      ]);
    });

    it('withdrawing it again changes nothing, whatever withdrew it first', () => {
      expect(given(listed, withdrawnForDeletedAccount).when(withdrawForDeletedAccount())).toEqual(
        [],
      );
      expect(given(listed, withdrawn).when(withdrawForDeletedAccount())).toEqual([]);
    });

    it('is for the system alone: not its seller, a buyer or an admin', () => {
      const refusal = new DomainError(
        'forbidden',
        "Only the system withdraws a product because its seller's account was deleted",
      );
      for (const actor of [bob, ann, admin])
        expect(() => given(listed).when(withdrawForDeletedAccount(actor))).toThrow(refusal);
    });

    it('the system withdraws for no other reason', () => {
      expect(() => given(listed).when(withdraw(systemActor.actorUid))).toThrow(
        notTheSeller('withdraw it'),
      );
    });

    it.each([
      ['booked', [listed, bookedBy(ann)], pendingBooking],
      ['sold through a booking', [listed, bookedBy(ann), sold()], productSold],
      ['sold elsewhere', [listed, soldElsewhere], productSold],
      ['deleted', [listed, reported, deleted], productDeleted],
    ])('cannot be withdrawn once %s', (_, history, refusal) => {
      expect(() => given(...history).when(withdrawForDeletedAccount())).toThrow(refusal);
    });

    it('cannot be withdrawn before it is listed', () => {
      expect(() => given().when(withdrawForDeletedAccount())).toThrow(
        new DomainError('not_found', 'This product does not exist'),
      );
    });

    it('is final, and says why', () => {
      expect(() => given(listed, withdrawnForDeletedAccount).when(book(ann))).toThrow(
        new DomainError(
          'illegal_state',
          "This product has been withdrawn: its seller's account was deleted",
        ),
      );
    });
  });

  describe('sold elsewhere, as its seller says', () => {
    it('is sold elsewhere while on sale, or while taken off sale', () => {
      expect(given(listed).when(markSoldElsewhere())).toEqual([soldElsewhere]);
      expect(given(listed, markedUnavailable).when(markSoldElsewhere())).toEqual([soldElsewhere]);
    });

    it('marking it sold again changes nothing', () => {
      expect(given(listed, soldElsewhere).when(markSoldElsewhere())).toEqual([]);
    });

    it('cannot be marked sold by anyone else', () => {
      expect(() => given(listed).when(markSoldElsewhere(carl))).toThrow(
        notTheSeller('mark it sold'),
      );
    });

    it.each([
      ['booked', [listed, bookedBy(ann)], pendingBooking],
      ['sold through a booking', [listed, bookedBy(ann), sold()], productSold],
      ['withdrawn', [listed, withdrawn], productWithdrawn],
      ['deleted', [listed, reported, deleted], productDeleted],
    ])('cannot be marked sold once %s', (_, history, refusal) => {
      expect(() => given(...history).when(markSoldElsewhere())).toThrow(refusal);
    });

    it.each([
      ['booked', book(ann)],
      ['advertised', advertise()],
      ['marked unavailable', markUnavailable()],
      ['marked available', markAvailable()],
      ['withdrawn', withdraw()],
    ])('is final: cannot be %s', (_, command) => {
      expect(() => given(listed, soldElsewhere).when(command)).toThrow(productSold);
    });
  });
});

describe('Moderation', () => {
  const ada = admin;
  const ben = 'ben-uid'; // another admin
  const claim = (actor = ada, adminName = actor === ada ? 'Ada' : 'Ben'): ProductCommand => ({
    type: 'ClaimCase',
    data: { productId, adminName },
    metadata: by(actor),
  });
  const releaseCase = (actor = ada): ProductCommand => ({
    type: 'ReleaseCase',
    data: { productId },
    metadata: by(actor),
  });
  const act = (
    type: 'DismissReports' | 'HideProduct' | 'RestoreProduct',
    actor = ada,
    reason = 'Checked with the seller',
  ): ProductCommand => ({ type, data: { productId, reason }, metadata: by(actor) });
  const requestReview = (actor = bob, note: string | null = 'Fixed the price'): ProductCommand => ({
    type: 'RequestReview',
    data: { productId, note },
    metadata: by(actor),
  });
  const adminAction = (
    type: 'ReportsDismissed' | 'ProductHidden' | 'ProductRestored',
    reason = 'Checked with the seller',
  ): ProductEvent => ({ type, schemaVersion: 1, data: { productId, adminUid: ada, reason } });
  const released: ProductEvent = {
    type: 'CaseReleased',
    schemaVersion: 1,
    data: { productId, adminUid: ada },
  };
  const hidden = adminAction('ProductHidden');
  const reviewRequested: ProductEvent = {
    type: 'ReviewRequested',
    schemaVersion: 1,
    data: { productId, note: 'Fixed the price' },
  };
  const heldByAda = new DomainError('conflict', 'This listing is being reviewed by Ada');
  const claimFirst = new DomainError('illegal_state', 'Claim this case before acting on it');

  describe('reports with reasons', () => {
    it("keeps the user's own words with the reason 'other'", () => {
      expect(given(listed).when(report(ann, 'other', '  Screen is fake  '))).toEqual([
        reportedBy(ann, 'other', 'Screen is fake'),
      ]);
    });

    it("keeps no words with another reason than 'other'", () => {
      expect(given(listed).when(report(ann, 'stolen-or-blocked', 'ignored'))).toEqual([
        reportedBy(ann, 'stolen-or-blocked'),
      ]);
    });

    it.each([[undefined], ['   '], ['x'.repeat(201)]])(
      "refuses the reason 'other' without a short text (%s)",
      (details) => {
        expect(() => given(listed).when(report(ann, 'other', details))).toThrow(
          new DomainError(
            'invalid',
            "Say in a few words what is wrong (up to 200 characters) when the reason is 'other'",
            'details',
          ),
        );
      },
    );

    it('takes a new report from a user whose earlier one was dismissed', () => {
      const history = [listed, reported, claimedBy(), adminAction('ReportsDismissed')];
      expect(given(...history).when(report(ann))).toEqual([reported]);
    });

    it("reads a report made before reasons as its reporter's open report", () => {
      const legacy = reportedBy(ann, 'not-given');
      expect(() => given(listed, legacy).when(report(ann))).toThrow(DomainError);
    });
  });

  describe('claims', () => {
    it('an admin claims a case with open reports', () => {
      expect(given(listed, reported).when(claim())).toEqual([claimedBy()]);
    });

    it('claiming a case one holds again changes nothing', () => {
      expect(given(listed, reported, claimedBy()).when(claim())).toEqual([]);
    });

    it('refuses a claim on a listing without an open case', () => {
      expect(() => given(listed).when(claim())).toThrow(
        new DomainError('illegal_state', 'This listing has no open case to review'),
      );
    });

    it('refuses a second admin the case another holds, naming who holds it', () => {
      expect(() => given(listed, reported, claimedBy()).when(claim(ben))).toThrow(heldByAda);
    });

    it('the holder releases it; then another admin may claim it', () => {
      expect(given(listed, reported, claimedBy()).when(releaseCase())).toEqual([released]);
      expect(given(listed, reported, claimedBy(), released).when(claim(ben))).toEqual([
        claimedBy(ben, 'Ben'),
      ]);
    });

    it('refuses a release by another admin; releasing a free case changes nothing', () => {
      expect(() => given(listed, reported, claimedBy()).when(releaseCase(ben))).toThrow(heldByAda);
      expect(given(listed, reported).when(releaseCase())).toEqual([]);
    });
  });

  describe.each([
    ['DismissReports', [listed, reported]],
    ['HideProduct', [listed, reported]],
    ['RestoreProduct', [listed, reported, claimedBy(), hidden]],
  ] as const)('%s', (type, history) => {
    it('is refused without a claim', () => {
      expect(() => given(...history).when(act(type))).toThrow(claimFirst);
    });

    it('is refused while another admin holds the case', () => {
      expect(() => given(...history, claimedBy()).when(act(type, ben))).toThrow(heldByAda);
    });

    it('is refused without a reason', () => {
      expect(() => given(...history, claimedBy()).when(act(type, ada, '  '))).toThrow(
        new DomainError('invalid', 'Give a reason (up to 300 characters)', 'reason'),
      );
    });
  });

  describe('dismissing', () => {
    it('closes the open reports and the case; the listing stays on sale', () => {
      const history = [listed, reported, reportedBy(carl), claimedBy()];
      expect(given(...history).when(act('DismissReports'))).toEqual([
        adminAction('ReportsDismissed'),
      ]);
      const after = [...history, adminAction('ReportsDismissed')];
      expect(given(...after).when(book(ann))).toEqual([bookedBy(ann)]);
      expect(() => given(...after).when(claim(ben))).toThrow(
        new DomainError('illegal_state', 'This listing has no open case to review'),
      );
    });

    it('is refused when no report is open (a hidden listing without a review request)', () => {
      const history = [listed, reported, claimedBy(), hidden, claimedBy()];
      expect(() => given(...history).when(act('DismissReports'))).toThrow(
        new DomainError('illegal_state', 'This listing has no open reports to dismiss'),
      );
    });
  });

  describe('hiding', () => {
    const history = [listed, reported, claimedBy()];

    it('hides the listing with the reason', () => {
      expect(given(...history).when(act('HideProduct'))).toEqual([hidden]);
    });

    it('a hidden listing is neither booked nor advertised, but its seller edits it', () => {
      expect(() => given(...history, hidden).when(book(ann))).toThrow(
        new DomainError('illegal_state', 'This product has been hidden by an admin'),
      );
      expect(() => given(...history, hidden).when(advertise())).toThrow(
        new DomainError('illegal_state', 'A hidden listing cannot be advertised'),
      );
      expect(given(...history, hidden).when(edit({ sellingPrice: 400 }))).toEqual([
        priceChanged(400),
      ]);
    });

    it('refuses hiding a hidden listing again', () => {
      expect(() => given(...history, hidden, claimedBy()).when(act('HideProduct'))).toThrow(
        new DomainError('illegal_state', 'This listing is already hidden'),
      );
    });

    it('refuses hiding a listing that left the site', () => {
      expect(() =>
        given(listed, withdrawn, reported, claimedBy()).when(act('HideProduct')),
      ).toThrow(new DomainError('illegal_state', 'This listing has left the site'));
    });
  });

  describe('review requests and restoring', () => {
    const hiddenHistory = [listed, reported, claimedBy(), hidden];

    it('the seller of a hidden listing asks for a review; asking again changes nothing', () => {
      expect(given(...hiddenHistory).when(requestReview())).toEqual([reviewRequested]);
      expect(given(...hiddenHistory, reviewRequested).when(requestReview())).toEqual([]);
    });

    it('refuses a review request from anyone but the seller, or of a listing not hidden', () => {
      expect(() => given(...hiddenHistory).when(requestReview(ann))).toThrow(
        notTheSeller('ask for its review'),
      );
      expect(() => given(listed, reported).when(requestReview())).toThrow(
        new DomainError('illegal_state', 'Only a hidden listing can be reviewed again'),
      );
    });

    it('an admin claims the hidden case and restores it: on sale again', () => {
      const claimed = [...hiddenHistory, reviewRequested, claimedBy(ben, 'Ben')];
      const restored: ProductEvent = {
        type: 'ProductRestored',
        schemaVersion: 1,
        data: { productId, adminUid: ben, reason: 'Checked with the seller' },
      };
      expect(given(...claimed).when(act('RestoreProduct', ben))).toEqual([restored]);
      expect(given(...claimed, restored).when(book(ann))).toEqual([bookedBy(ann)]);
    });

    it('refuses restoring a listing that is not hidden', () => {
      expect(() => given(listed, reported, claimedBy()).when(act('RestoreProduct'))).toThrow(
        new DomainError('illegal_state', 'This listing is not hidden'),
      );
    });
  });

  describe('deleting', () => {
    it('by the admin holding the case, with the reason, claiming nothing again', () => {
      expect(given(listed, reported, claimedBy()).when(deleteReported)).toEqual([deleted]);
    });

    it('is refused while another admin holds the case', () => {
      const byBen: ProductCommand = { ...deleteReported, metadata: by(ben) };
      expect(() => given(listed, reported, claimedBy()).when(byBen)).toThrow(heldByAda);
    });

    it('is refused without a reason', () => {
      const noReason: ProductCommand = {
        ...deleteReported,
        data: { productId, adminName: 'Ada', reason: ' ' },
      };
      expect(() => given(listed, reported).when(noReason)).toThrow(
        new DomainError('invalid', 'Give a reason (up to 300 characters)', 'reason'),
      );
    });

    it('is not undone: a deleted listing is neither restored nor claimed', () => {
      const history = [listed, reported, claimedBy(), hidden, deleted];
      expect(() => given(...history).when(claim())).toThrow(productDeleted);
      expect(() => given(...history).when(act('RestoreProduct'))).toThrow(productDeleted);
    });
  });

  describe("erasing a deleted user's personal data", () => {
    const erase = (uid: string): ProductCommand => ({
      type: 'ErasePersonalData',
      data: { productId, uid },
      metadata: { ...by('system'), ...systemActor },
    });
    const erased = (uid: string): ProductEvent => ({
      type: 'ProductPersonalDataErased',
      schemaVersion: 1,
      data: { productId, uid },
    });

    it("records it for the seller, an open report's author and the admin holding the case", () => {
      expect(given(listed).when(erase(bob))).toEqual([erased(bob)]);
      expect(given(listed, reported).when(erase(ann))).toEqual([erased(ann)]);
      expect(given(listed, reported, claimedBy()).when(erase(admin))).toEqual([erased(admin)]);
    });

    it("records nothing for anyone else (its buyer's data is the booking's), nor once deleted", () => {
      expect(given(listed).when(erase(carl))).toEqual([]);
      expect(given(listed, bookedBy(carl)).when(erase(carl))).toEqual([]);
      expect(given(listed, reported, claimedBy(), deleted).when(erase(bob))).toEqual([]);
    });

    it('is refused for a product that does not exist', () => {
      expect(() => given().when(erase(bob))).toThrow(
        new DomainError('not_found', 'This product does not exist'),
      );
    });
  });
});
