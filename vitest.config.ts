import { defineConfig } from 'vitest/config';

// One runner for the whole repository; each workspace is a project with its own settings.
export default defineConfig({
  test: {
    projects: [
      'events',
      'workers',
      'gateway',
      'web',
      'infra',
      'infra/vitest.distributed.config.ts',
      'infra/bench/vitest.config.ts',
    ],
    reporters: ['default'],
  },
});
