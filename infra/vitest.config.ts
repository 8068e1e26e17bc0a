import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The distributed suite is a project of its own (vitest.distributed.config.ts).
    exclude: [...configDefaults.exclude, 'test/distributed/**'],
    // The end-to-end journeys share one embedded stack, started on their first request.
    globalSetup: ['test/e2e/support/journey-stack.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
