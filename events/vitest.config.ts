import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'events',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The MongoDB keys' suite runs against MONGODB_URL's server, or a FerretDB of the project's own.
    globalSetup: ['test/mongo-wire.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
