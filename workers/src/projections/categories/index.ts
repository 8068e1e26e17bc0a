export * from './category-document.ts';
export * from './categories-read-model.ts';
export * from './categories-queries.ts';
