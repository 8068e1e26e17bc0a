import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import {
  handleCommand,
  type Command,
  type CommandResult,
  type Decider,
  type DomainEvent,
  type HandleCommandOptions,
  type StreamState,
  type StreamStateCache,
} from '@resale/events';
import { changeTopic } from '@resale/workers';

/**
 * States of the streams this gateway decided on lately: at the goal's rate of commands, those
 * of the last several seconds (a phone listed, then booked; a price changed, then another).
 */
const cachedStatesMax = 25_000;

/**
 * The gateway's commands (`app.handleCommand`): handleCommand on the event store, with the states
 * of the streams decided on lately cached (its `cache` option), so that a command on a stream
 * this process just wrote does not read it again: a SQLite read transaction, which costs the most
 * right after the writer's commits. A cached state may be stale, never wrong for its revision: the
 * append at that revision is refused if another writer appended since, and a refusal is checked
 * against the stream read (see handleCommand). Appends this process makes otherwise (a booking's
 * answer decided on two streams, the reactors) drop their streams' states at once.
 *
 * The states hold personal data (a listing's seller, a booking's buyer) that an erasure must not
 * leave in memory: every change of the users read model (a deletion among them) drops them all,
 * and so do change notices that may have been missed; none is older than USER_STATE_MAX_AGE_MS.
 * Embedded profile only, as the callers' user state (authentication.ts): in the distributed
 * profile several gateways write the same streams, and change notices are best effort.
 */
async function commandStates(app: FastifyInstance): Promise<void> {
  const cache = app.config.distributed ? undefined : await cachedStates(app);
  app.decorate('handleCommand', (streamId, decider, command, options = {}) =>
    handleCommand(
      app.eventStore,
      streamId,
      decider,
      command,
      cache ? { ...options, cache } : options,
    ),
  );
}

async function cachedStates(app: FastifyInstance): Promise<StreamStateCache> {
  const { pubsub, reception } = app.readModels;
  const states = new LRUCache<string, StreamState>({
    max: cachedStatesMax,
    ttl: app.config.USER_STATE_MAX_AGE_MS,
  });
  const removeListener = app.eventStore.onAppend((streamId) => void states.delete(streamId));
  const stopWatching = reception.onMaybeMissed(() => states.clear());
  const unsubscribe = await pubsub.subscribe(changeTopic('users'), () => states.clear());
  app.addHook('onClose', async () => {
    removeListener();
    stopWatching();
    await unsubscribe();
    states.clear();
  });
  return {
    get: (streamId) => states.get(streamId),
    // Nothing kept while notices are not heard: an erasure would go unnoticed.
    set: (streamId, known) => void (pubsub.receiving() && states.set(streamId, known)),
    delete: (streamId) => void states.delete(streamId),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** handleCommand on this gateway's event store, with its cache of stream states. */
    handleCommand<C extends Command, E extends DomainEvent, S>(
      streamId: string,
      decider: Decider<C, E, S>,
      command: C,
      options?: Omit<HandleCommandOptions<E, S>, 'cache'>,
    ): Promise<CommandResult<E>>;
  }
}

export default fp(commandStates, {
  name: 'command-states',
  dependencies: ['config', 'event-store', 'read-models'],
});
