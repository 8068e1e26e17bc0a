export * from './user-document.ts';
export * from './users-projection.ts';
export * from './users-queries.ts';
