export * from './product-document.ts';
export * from './products-read-model.ts';
export * from './products-queries.ts';
