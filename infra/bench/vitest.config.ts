import { defineProject } from 'vitest/config';

// The benchmark tooling's own tests (the data generator): `npx vitest run -c
// infra/bench/vitest.config.ts`. Not under infra/test, whose set-up starts the journeys' stack.
export default defineProject({
  test: {
    name: 'infra-bench',
    environment: 'node',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
  },
});
