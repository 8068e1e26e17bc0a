import { describe, expect, it } from 'vitest';
import {
  evolveProduct,
  pricesOf,
  type ProductDocument,
} from '../../src/projections/products/index.ts';
import {
  eventLog,
  productAdvertised,
  productBooked,
  productListed,
  productMarkedAvailable,
  productMarkedUnavailable,
  productReleased,
  productReported,
  productSold,
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
    it('ProductReported marks it reported', () => {
      expect(evolveProduct(listed, productReported('p1'))).toEqual({ ...listed, reported: true });
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
        { topic: 'sellerProducts', key: 's1@example.com', ids: ['p1'], position: 4 },
        { topic: 'reportedProducts', key: null, ids: ['p1'], position: 4 },
      ]);
      // Delivered again, the listing does not bring the deleted product back.
      expect(documents.apply([events[0]!])).toEqual([[]]);
      expect(documents.document('products', 'p1')).toBeNull();
    });
  });
});
