export * from './seller-document.ts';
export * from './sellers-projection.ts';
export * from './sellers-queries.ts';
