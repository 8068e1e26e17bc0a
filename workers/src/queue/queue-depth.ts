/** Jobs of the distributed profile's partition queues, summed over the partitions. */
export interface QueueDepth {
  /** Events relayed and not yet projected. */
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
  /** Jobs that failed and were left for an operator. */
  readonly failed: number;
}

export interface QueueDepthOptions {
  readonly redisUrl: string;
  /** As the workers' REDIS_PREFIX (default resale). */
  readonly prefix?: string;
  /** As the workers' QUEUE_PARTITIONS. */
  readonly partitions: number;
  readonly onError?: (error: Error) => void;
}

export interface QueueDepthReader {
  read(): Promise<QueueDepth>;
  close(): Promise<void>;
}

/**
 * Reads the depth of the workers' queues, for the operations page. A port, so that the gateway
 * reaches BullMQ only through workers; BullMQ is loaded when one is opened, never in the
 * embedded profile.
 */
export async function openQueueDepthReader(options: QueueDepthOptions): Promise<QueueDepthReader> {
  // Named as createBullmqQueue names them (its default queue name).
  const { Queue } = await import('bullmq');
  const { Redis } = await import('ioredis');
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  connection.on('error', (error: Error) => options.onError?.(error));
  const queues = Array.from(
    { length: options.partitions },
    (_, i) => new Queue(`events-${i}`, { connection, prefix: options.prefix ?? 'resale' }),
  );
  return {
    async read() {
      const counts = await Promise.all(
        queues.map((queue) => queue.getJobCounts('waiting', 'active', 'delayed', 'failed')),
      );
      const sum = (state: string): number =>
        counts.reduce((total, count) => total + (count[state] ?? 0), 0);
      return {
        waiting: sum('waiting'),
        active: sum('active'),
        delayed: sum('delayed'),
        failed: sum('failed'),
      };
    },
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
