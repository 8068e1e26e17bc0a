import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'gateway',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One Firebase Auth emulator for the whole run: the tests use real ID tokens. (The stores'
    // MongoDB adapters are the workers', and their suites run in the workers project.)
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
