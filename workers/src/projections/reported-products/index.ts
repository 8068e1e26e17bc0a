export * from './reported-products-projection.ts';
export * from './reported-products-queries.ts';
