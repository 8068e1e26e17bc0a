export * from './user-document.ts';
export * from './users-read-model.ts';
export * from './users-queries.ts';
