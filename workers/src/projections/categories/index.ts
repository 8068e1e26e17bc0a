export * from './category-document.ts';
export * from './categories-projection.ts';
export * from './categories-queries.ts';
