export * from './seller-document.ts';
export * from './sellers-read-model.ts';
export * from './sellers-queries.ts';
