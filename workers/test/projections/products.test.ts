import type { RecordedEvent } from '@resale/events';
import { describe, expect, it } from 'vitest';
import {
  evolveProduct,
  verifiedSellerUpdate,
  type ProductDocument,
} from '../../src/projections/products/index.ts';
import {
  eventLog,
  productAdvertised,
  productBooked,
  productListed,
  productMarkedAvailable,
  productMarkedUnavailable,
  productReported,
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
  sellerVerified: false,
};

describe('products projection', () => {
  it('ProductListed creates an available, unbooked, unreported product', () => {
    expect(evolveProduct(null, productListed('p1'))).toEqual(listed);
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
      });
    });

    it('ProductAdvertised marks it advertised', () => {
      expect(evolveProduct(listed, productAdvertised('p1'))).toEqual({
        ...listed,
        advertised: true,
      });
    });

    it('ProductMarkedUnavailable and ProductMarkedAvailable take it off and back on sale', () => {
      const offSale = evolveProduct(listed, productMarkedUnavailable('p1'));
      expect(offSale).toEqual({ ...listed, available: false });
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

  it('SellerVerified updates every product of that seller', () => {
    expect(verifiedSellerUpdate(sellerVerified('s1'))).toEqual({
      field: 'sellerUid',
      equals: 's1',
      set: { sellerVerified: true },
    });
    expect(verifiedSellerUpdate(productListed('p1'))).toBeNull();
  });

  describe('seller verification', () => {
    const log = eventLog();
    const [registered, first, verified, second] = log.recordAll(
      sellerRegistered('s1'),
      productListed('p1'),
      sellerVerified('s1'),
      productListed('p2'),
    ) as [RecordedEvent, RecordedEvent, RecordedEvent, RecordedEvent];
    const otherSeller = log.record(productListed('p3', { sellerUid: 's2' }));

    it('marks products listed before and after SellerVerified, not other sellers’', () => {
      const documents = new MemoryDocuments();
      documents.apply([registered, first, verified, second, otherSeller]);
      expect(
        documents.documents<ProductDocument>('products').map((p) => [p._id, p.sellerVerified]),
      ).toEqual([
        ['p1', true],
        ['p2', true],
        ['p3', false],
      ]);
    });

    it('gives the same documents when SellerVerified is delivered before the listings', () => {
      const inLogOrder = new MemoryDocuments();
      inLogOrder.apply([registered, first, verified, second, otherSeller]);
      const verifiedFirst = new MemoryDocuments();
      verifiedFirst.apply([registered, verified, otherSeller, first, second]);
      expect(verifiedFirst.records('products')).toEqual(inLogOrder.records('products'));
    });

    it('reports the changed products per brand and seller, and nothing on redelivery', () => {
      const documents = new MemoryDocuments();
      documents.apply([registered, first, second]);
      expect(documents.apply([verified])).toEqual([
        [
          { topic: 'sellers', key: null, ids: ['s1'], position: 3 },
          { topic: 'products', key: 'Samsung', ids: ['p1', 'p2'], position: 3 },
          { topic: 'sellerProducts', key: 's1@example.com', ids: ['p1', 'p2'], position: 3 },
        ],
      ]);
      expect(documents.apply([verified])).toEqual([[]]);
    });
  });
});
