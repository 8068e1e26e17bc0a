import type { CommandStore } from '@resale/events';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { expireBooking, type ExpiryScheduler } from './booking-expiry.ts';

/** The job that expires one booking: one per booking (its id names it), delayed to its time. */
interface ExpiryJob {
  readonly bookingId: string;
  readonly expiresAt: string;
}

const jobIdOf = (bookingId: string): string => `expire-${bookingId}`;

/**
 * The distributed profile's scheduler: a BullMQ delayed job per pending booking, in Redis, run by
 * whichever worker process is free at its time. Scheduling a booking twice (each worker that
 * applies its BookingPlaced, each start that finds it pending) adds one job: the job id is the
 * booking's. A job that runs early by its worker's clock fails and is tried again a second later.
 */
export function createBullmqExpiryScheduler(options: {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly eventStore: CommandStore;
  /** Run the jobs in this process (default true); false only schedules them. */
  readonly work?: boolean;
  readonly onError: (error: Error) => void;
}): ExpiryScheduler {
  const connection = (): Redis => {
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    redis.on('error', options.onError);
    return redis;
  };
  const queueName = 'booking-expiry';
  const queueConnection = connection();
  const queue = new Queue<ExpiryJob>(queueName, {
    connection: queueConnection,
    prefix: options.prefix,
  });
  queue.on('error', options.onError);
  const workerConnection = options.work === false ? undefined : connection();
  const worker =
    workerConnection &&
    new Worker<ExpiryJob>(
      queueName,
      async (job) => {
        const outcome = await expireBooking(options.eventStore, job.data.bookingId);
        if (outcome === 'not-yet')
          throw new Error(`Booking ${job.data.bookingId} has not expired yet`);
        return outcome;
      },
      { connection: workerConnection, prefix: options.prefix, concurrency: 4 },
    );
  worker?.on('error', options.onError);
  return {
    async schedule(bookingId, expiresAt) {
      const at = Date.parse(expiresAt);
      await queue.add(
        'expire',
        { bookingId, expiresAt },
        {
          jobId: jobIdOf(bookingId),
          delay: Number.isNaN(at) ? 0 : Math.max(0, at - Date.now()),
          attempts: 20,
          backoff: { type: 'fixed', delay: 1_000 },
          removeOnComplete: true,
          removeOnFail: 1_000,
        },
      );
    },
    async forget(bookingId) {
      // A job that runs anyway changes nothing: removing it only spares the run.
      await queue.remove(jobIdOf(bookingId)).catch(() => 0);
    },
    async close() {
      await worker?.close();
      await queue.close();
      for (const redis of [queueConnection, workerConnection])
        await redis?.quit().catch(() => redis.disconnect());
    },
  };
}
