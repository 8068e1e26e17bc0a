/**
 * The names of the workers' threads in a process (what the OS shows for each, in its first 15
 * characters): the bench reports CPU time per thread by them, and its capacity model counts the
 * projection's by them.
 */
export const workerThreadNames = {
  projection: 'projection',
  readCheckpoints: 'read checkpoint',
  idempotency: 'idempotency',
} as const;
