import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openEventStore } from '@resale/events';
import { observeAppends, type ObservedEventStore } from '../../adapters/observed-event-store.ts';

/** The event store of the profile: EventStoreDB with EVENTSTORE_URL, otherwise the embedded log. */
async function eventStore(app: FastifyInstance): Promise<void> {
  const { EVENTSTORE_URL, DATA_DIR, MONGODB_URL, MONGODB_DB } = app.config;
  // openEventStore loads EventStoreDB's client only in the profile that uses it.
  const store = observeAppends(
    await openEventStore(
      { EVENTSTORE_URL, DATA_DIR, MONGODB_URL, MONGODB_DB },
      // Each command reads its stream: the embedded log reads and opens it off the event loop.
      { streamReadsInThread: true },
    ),
  );
  app.decorate('eventStore', store);
  app.readinessChecks.set('eventStore', async () => ({
    ok: true,
    headPosition: await store.headPosition(),
  }));
  app.addHook('onClose', () => store.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    eventStore: ObservedEventStore;
  }
}

export default fp(eventStore, { name: 'event-store', dependencies: ['config', 'readiness'] });
