export * from './product-document.ts';
export * from './products-projection.ts';
export * from './products-queries.ts';
