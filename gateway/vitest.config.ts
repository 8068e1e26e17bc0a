import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'gateway',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One Firebase Auth emulator for the whole run: the tests use real ID tokens. The MongoDB
    // adapters' suites run against MONGODB_URL's server, or a FerretDB of the run's own.
    globalSetup: ['test/global-setup.ts', 'test/mongo-wire.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
