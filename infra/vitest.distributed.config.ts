import { defineProject } from 'vitest/config';

// The distributed profile: its own suite, and the Chromium journeys again, against gateway and
// worker processes over Redis and the MongoDB-wire server (see test/distributed/support).
export default defineProject({
  test: {
    name: 'infra-distributed',
    environment: 'node',
    include: [
      'test/distributed/**/*.test.ts',
      'test/e2e/listing-and-booking.e2e.test.ts',
      'test/e2e/moderation.e2e.test.ts',
      'test/e2e/booking-answers.e2e.test.ts',
    ],
    globalSetup: ['test/distributed/support/distributed-stack.global-setup.ts'],
    // One file at a time: the suite kills workers and restarts Redis under the journeys' feet.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
