import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EventStore } from '@resale/events';
import { openEmbeddedEventStore } from '@resale/events/store/embedded-event-store';

/** The event store of the profile: EventStoreDB with EVENTSTORE_URL, otherwise the embedded log. */
async function eventStore(app: FastifyInstance): Promise<void> {
  mkdirSync(app.config.DATA_DIR, { recursive: true });
  const store: EventStore = openEmbeddedEventStore({
    file: path.join(app.config.DATA_DIR, 'events.sqlite'),
  });
  app.decorate('eventStore', store);
  app.readinessChecks.set('eventStore', async () => ({
    ok: true,
    headPosition: await store.headPosition(),
  }));
  app.addHook('onClose', () => store.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    eventStore: EventStore;
  }
}

export default fp(eventStore, { name: 'event-store', dependencies: ['config', 'readiness'] });
