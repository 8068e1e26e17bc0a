import { describe, expect, it } from 'vitest';
import type { ProductDocument } from '../../src/projections/products/index.ts';
import { selectReportedProduct } from '../../src/projections/reported-products/index.ts';
import {
  eventLog,
  productBooked,
  productListed,
  productReported,
  reportedProductDeleted,
  sellerVerified,
} from './recorded-events.ts';
import { MemoryDocuments } from '../../src/read-store/memory-documents.ts';

describe('reported products projection', () => {
  it('holds a product while it is reported', () => {
    const product = { _id: 'p1', reported: true } as unknown as ProductDocument;
    expect(selectReportedProduct(product)).toBe(product);
    expect(selectReportedProduct({ ...product, reported: false })).toBeNull();
    expect(selectReportedProduct(null)).toBeNull();
  });

  it('lists a reported product with the same fields as the product', () => {
    const documents = new MemoryDocuments();
    documents.apply(eventLog().recordAll(productListed('p1'), productReported('p1')));
    expect(documents.documents('reportedProducts')).toEqual(documents.documents('products'));
    expect(documents.documents('reportedProducts')).toHaveLength(1);
  });

  it('keeps in step with the product while reported', () => {
    const documents = new MemoryDocuments();
    documents.apply(
      eventLog().recordAll(
        productListed('p1'),
        productReported('p1'),
        productBooked('p1', 'bk1'),
        sellerVerified('s1'),
      ),
    );
    expect(documents.document('reportedProducts', 'p1')).toMatchObject({
      booked: true,
      sellerVerified: true,
    });
    expect(documents.documents('reportedProducts')).toEqual(documents.documents('products'));
  });

  it('report then delete removes the product from products and reported products', () => {
    const documents = new MemoryDocuments();
    const events = eventLog().recordAll(
      productListed('p1'),
      productListed('p2'),
      productReported('p1'),
      reportedProductDeleted('p1'),
    );
    const changes = documents.apply(events);
    expect(documents.documents('reportedProducts')).toEqual([]);
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

  it('is rebuilt on its own with the products it derives from', () => {
    const events = eventLog().recordAll(productListed('p1'), productReported('p1'));
    const documents = new MemoryDocuments();
    documents.apply(events, ['reportedProducts']);
    expect(documents.documents('reportedProducts').map((p) => p._id)).toEqual(['p1']);
    expect(documents.documents('users')).toEqual([]);
  });
});
