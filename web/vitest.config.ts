import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // As the other projects: the forms' tests render whole routes in jsdom and type key by key,
    // and on a shared host whose CPU is stolen (25 % here while idle) a login test that takes
    // 0.7 s took more than the default 5 s, no longer than one findBy may wait (setup-tests.ts).
    testTimeout: 30_000,
  },
});
