import { describe, expect, it } from 'vitest';
import {
  evolveProduct,
  pricesOf,
  productSearchText,
  type ProductDocument,
} from '../../src/projections/products/index.ts';
import { searchWords } from '../../src/projections/search-words.ts';
import {
  eventLog,
  productAdvertised,
  productBooked,
  productConditionChanged,
  productDescriptionChanged,
  productListed,
  productMarkedAvailable,
  productMarkedUnavailable,
  productPictureChanged,
  productPriceChanged,
  productReleased,
  productReported,
  caseClaimed,
  productPersonalDataErased,
  productHidden,
  productRestored,
  productSold,
  productSoldElsewhere,
  productWithdrawn,
  reportedProductDeleted,
  sellerRegistered,
  sellerVerified,
} from './recorded-events.ts';
import { MemoryDocuments } from '../../src/read-store/memory-documents.ts';

// What ProductListed carries, plus the state a new listing starts in.
const { productId: _listedId, ...listedFields } = productListed('p1').data;
const listed: ProductDocument = {
  _id: 'p1',
  ...listedFields,
  booked: false,
  bookedBy: null,
  reported: false,
  reports: '[]',
  reportCount: 0,
  lastReportedAt: null,
  claimedBy: null,
  claimedByName: null,
  hidden: false,
  hiddenReason: null,
  reviewRequested: false,
  reviewNote: null,
  advertised: false,
  available: true,
  status: 'available',
  listed: true,
  priceHistory: JSON.stringify([{ price: listedFields.sellingPrice, at: listedFields.postTime }]),
};

describe('products read model', () => {
  it('ProductListed creates an available, unbooked, unreported product', () => {
    expect(evolveProduct(null, productListed('p1'))).toEqual(listed);
  });

  it('its price history begins with the listing price, at the time it was posted', () => {
    expect(pricesOf(listed)).toEqual([
      { price: listedFields.sellingPrice, at: listedFields.postTime },
    ]);
  });

  describe('when listed', () => {
    it('ProductReported adds an open report and puts it before the admins', () => {
      expect(evolveProduct(listed, productReported('p1'))).toEqual({
        ...listed,
        reported: true,
        reportCount: 1,
        lastReportedAt: '2024-01-02T10:00:00.000Z',
        reports: JSON.stringify([
          {
            reporterUid: 'r1',
            reporterName: 'Reporter r1',
            reason: 'wrong-price',
            details: null,
            reportedAt: '2024-01-02T10:00:00.000Z',
          },
        ]),
      });
    });

    it('a second report by the same reporter (a replay) changes nothing', () => {
      const once = evolveProduct(listed, productReported('p1'));
      expect(evolveProduct(once, productReported('p1', 'r1', '2024-01-05T10:00:00.000Z'))).toBe(
        once,
      );
    });

    it('ProductHidden takes it off the public lists, with the reason; ProductRestored brings it back', () => {
      const reported = evolveProduct(listed, productReported('p1'));
      const claimed = evolveProduct(reported, caseClaimed('p1'));
      const hidden = evolveProduct(claimed, productHidden('p1', 'Blocked IMEI'));
      expect(hidden).toMatchObject({
        listed: false,
        hidden: true,
        hiddenReason: 'Blocked IMEI',
        reported: true,
        reportCount: 0,
        claimedBy: null,
      });
      const restored = evolveProduct(hidden, productRestored('p1'));
      expect(restored).toEqual({
        ...listed,
        lastReportedAt: '2024-01-02T10:00:00.000Z',
      });
    });

    it('ProductBooked marks it booked by the buyer', () => {
      expect(evolveProduct(listed, productBooked('p1', 'bk1', 'b7'))).toEqual({
        ...listed,
        booked: true,
        bookedBy: 'b7',
        status: 'booked',
      });
    });

    it('ProductSold sells it through its booking: it stays booked by the buyer', () => {
      const booked = evolveProduct(listed, productBooked('p1', 'bk1', 'b7'));
      expect(evolveProduct(booked, productSold('p1', 'bk1'))).toEqual({
        ...listed,
        booked: true,
        bookedBy: 'b7',
        status: 'sold',
      });
    });

    it('ProductSold of a product no booking holds changes nothing', () => {
      expect(evolveProduct(listed, productSold('p1', 'bk1'))).toEqual(listed);
    });

    it('ProductReleased puts a booked product on sale again', () => {
      const booked = evolveProduct(listed, productBooked('p1', 'bk1', 'b7'));
      expect(evolveProduct(booked, productReleased('p1', 'bk1', 'expired'))).toEqual(listed);
    });

    it('ProductAdvertised marks it advertised', () => {
      expect(evolveProduct(listed, productAdvertised('p1'))).toEqual({
        ...listed,
        advertised: true,
      });
    });

    it('ProductMarkedUnavailable and ProductMarkedAvailable take it off and back on sale', () => {
      const offSale = evolveProduct(listed, productMarkedUnavailable('p1'));
      expect(offSale).toEqual({ ...listed, available: false, status: 'unavailable' });
      expect(evolveProduct(offSale, productMarkedAvailable('p1'))).toEqual(listed);
    });

    it('ReportedProductDeleted removes it', () => {
      expect(evolveProduct({ ...listed, reported: true }, reportedProductDeleted('p1'))).toBeNull();
    });
  });

  describe("its seller's edits", () => {
    it('ProductPriceChanged sets the price and adds it to the price history, with its time', () => {
      const once = evolveProduct(
        listed,
        productPriceChanged('p1', 250, '2024-01-02T10:00:00.000Z'),
      );
      const twice = evolveProduct(once, productPriceChanged('p1', 220, '2024-01-03T10:00:00.000Z'));
      expect(twice?.sellingPrice).toBe(220);
      expect(twice && pricesOf(twice)).toEqual([
        { price: listedFields.sellingPrice, at: listedFields.postTime },
        { price: 250, at: '2024-01-02T10:00:00.000Z' },
        { price: 220, at: '2024-01-03T10:00:00.000Z' },
      ]);
    });

    it('ProductConditionChanged, ProductDescriptionChanged and ProductPictureChanged set the field', () => {
      expect(evolveProduct(listed, productConditionChanged('p1', 'Fair'))).toEqual({
        ...listed,
        condition: 'Fair',
      });
      expect(evolveProduct(listed, productDescriptionChanged('p1', 'New battery'))).toEqual({
        ...listed,
        about: 'New battery',
      });
      expect(evolveProduct(listed, productPictureChanged('p1', 'p1-b.webp'))).toEqual({
        ...listed,
        picture: 'p1-b.webp',
      });
    });

    it('a keyword search reads the new description', () => {
      const documents = new MemoryDocuments();
      documents.apply(
        eventLog().recordAll(productListed('p1'), productDescriptionChanged('p1', 'Écran neuf')),
      );
      const doc = documents.document('products', 'p1') as ProductDocument | null;
      expect(doc && productSearchText(doc)).toContain('Écran neuf');
    });

    it("a keyword search reads its brand's words, whatever the description says", () => {
      // The stores match a search filtered on a brand among its products without its own words
      // (searchFilterFields): each product of the brand must have them.
      const documents = new MemoryDocuments();
      documents.apply(
        eventLog().recordAll(
          productListed('p1', { Brand: 'Google Pixel', about: 'Nothing' }),
          productDescriptionChanged('p1', 'Boxed'),
        ),
      );
      const doc = documents.document('products', 'p1') as ProductDocument | null;
      expect(doc && searchWords(productSearchText(doc))).toEqual(
        expect.arrayContaining(searchWords('Google Pixel')),
      );
    });
  });

  describe('taken off the site by its seller', () => {
    it('ProductWithdrawn: withdrawn, off sale and out of the public lists', () => {
      expect(evolveProduct(listed, productWithdrawn('p1'))).toEqual({
        ...listed,
        status: 'withdrawn',
        available: false,
        listed: false,
      });
    });

    it("ProductWithdrawn as its seller's account was deleted: the same", () => {
      expect(evolveProduct(listed, productWithdrawn('p1', 'account-deleted'))).toEqual({
        ...listed,
        status: 'withdrawn',
        available: false,
        listed: false,
      });
    });

    it('ProductSoldElsewhere: sold, off sale and out of the public lists', () => {
      const offSale = evolveProduct(listed, productMarkedUnavailable('p1'));
      expect(evolveProduct(offSale, productSoldElsewhere('p1'))).toEqual({
        ...listed,
        status: 'sold',
        available: false,
        listed: false,
      });
    });

    it('leaves a booked product as it is', () => {
      const booked = evolveProduct(listed, productBooked('p1', 'bk1', 'b7'));
      expect(evolveProduct(booked, productWithdrawn('p1'))).toEqual(booked);
      expect(evolveProduct(booked, productSoldElsewhere('p1'))).toEqual(booked);
    });

    it("still tells the seller's own list and the brand's", () => {
      const documents = new MemoryDocuments();
      const changes = documents.apply(
        eventLog().recordAll(productListed('p1'), productWithdrawn('p1')),
      );
      expect(changes[1]).toEqual([
        { topic: 'products', key: 'Samsung', ids: ['p1'], position: 2 },
        { topic: 'sellerProducts', key: 's1', ids: ['p1'], position: 2 },
      ]);
    });
  });

  it('events about an unknown product create nothing', () => {
    expect(evolveProduct(null, productReported('p1'))).toBeNull();
    expect(evolveProduct(null, productBooked('p1', 'bk1'))).toBeNull();
  });

  it("is not changed by a seller's verification, which products are answered with", () => {
    const documents = new MemoryDocuments();
    documents.apply(
      eventLog().recordAll(sellerRegistered('s1'), productListed('p1'), sellerVerified('s1')),
    );
    expect(documents.document('products', 'p1')).toEqual(listed);
  });

  describe('the reported products topic', () => {
    it('tells the admins when a product is reported, and when a reported one changes', () => {
      const documents = new MemoryDocuments();
      const changes = documents.apply(
        eventLog().recordAll(
          productListed('p1'),
          productReported('p1'),
          productBooked('p1', 'bk1'),
        ),
      );
      const reportedTopic = (eventChanges: (typeof changes)[number]) =>
        eventChanges.filter((change) => change.topic === 'reportedProducts');
      expect(reportedTopic(changes[0]!)).toEqual([]);
      expect(reportedTopic(changes[1]!)).toEqual([
        { topic: 'reportedProducts', key: null, ids: ['p1'], position: 2 },
      ]);
      expect(reportedTopic(changes[2]!)).toEqual([
        { topic: 'reportedProducts', key: null, ids: ['p1'], position: 3 },
      ]);
    });

    it('report then delete: the product is gone, for its brand, seller and the admins', () => {
      const documents = new MemoryDocuments();
      const events = eventLog().recordAll(
        productListed('p1'),
        productListed('p2'),
        productReported('p1'),
        reportedProductDeleted('p1'),
      );
      const changes = documents.apply(events);
      expect(documents.documents('products').map((p) => p._id)).toEqual(['p2']);
      expect(changes[3]).toEqual([
        { topic: 'products', key: 'Samsung', ids: ['p1'], position: 4 },
        { topic: 'sellerProducts', key: 's1', ids: ['p1'], position: 4 },
        { topic: 'reportedProducts', key: null, ids: ['p1'], position: 4 },
      ]);
      // Delivered again, the listing does not bring the deleted product back.
      expect(documents.apply([events[0]!])).toEqual([[]]);
      expect(documents.document('products', 'p1')).toBeNull();
    });
  });

  it("an erasure writes what the log reads of the erased user's data: seller, reporter, admin", () => {
    const reported = evolveProduct(listed, productReported('p1', 'r1', undefined, 'other', 'Fake'));
    const claimed = evolveProduct(reported, caseClaimed('p1', 'a1'));
    if (!claimed) throw new Error('no product');
    expect(evolveProduct(claimed, productPersonalDataErased('p1', 's1'))).toMatchObject({
      sellerName: 'erased',
      phone: 'erased',
      address: 'erased',
      email: 'erased@erased.invalid',
      sellerEmail: 'erased@erased.invalid',
      reports: claimed.reports,
      claimedByName: 'Admin a1',
    });
    const withoutReporter = evolveProduct(claimed, productPersonalDataErased('p1', 'r1'));
    expect(JSON.parse(withoutReporter?.reports ?? '[]')).toMatchObject([
      { reporterUid: 'r1', reporterName: 'erased', details: 'erased' },
    ]);
    expect(withoutReporter?.sellerName).toBe(claimed.sellerName);
    expect(evolveProduct(claimed, productPersonalDataErased('p1', 'a1'))).toEqual({
      ...claimed,
      claimedByName: 'erased',
    });
  });
});
