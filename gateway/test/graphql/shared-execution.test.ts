import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from '../../src/graphql/change-feed.ts';
import { createSharedSubscribe } from '../../src/graphql/shared-execution.ts';

const { buildSchema, parse } = createRequire(import.meta.url)('graphql') as typeof GraphQL;

interface Event {
  id: string;
}

/** A schema shaped as the gateway's: the subscription's payload is read from the event alone. */
function testSchema() {
  const feeds: ChangeFeed<Event>[] = [];
  const resolved = vi.fn((event: Event) => event);
  const schema = buildSchema(`
    type Query { ok: Boolean }
    type Event { id: ID!, upper: String! }
    type Subscription { changed(topic: String!, after: Float): Event! }
  `);
  const field = schema.getSubscriptionType()!.getFields()['changed']!;
  field.subscribe = () => {
    const feed = new ChangeFeed<Event>(() => true);
    feeds.push(feed);
    return feed;
  };
  field.resolve = resolved;
  const eventType = schema.getType('Event') as GraphQL.GraphQLObjectType;
  eventType.getFields()['upper']!.resolve = (event: Event) => event.id.toUpperCase();
  /** Delivers one event object to every open subscription, as the pub/sub does. */
  const publish = (event: Event) => feeds.forEach((feed) => feed.push(event));
  return { schema, publish, resolved, feeds };
}

const documents = new Map<string, GraphQL.DocumentNode>();
/** Parsed once per text, as the subscription server's cache does. */
const documentOf = (text: string): GraphQL.DocumentNode => {
  let document = documents.get(text);
  if (!document) documents.set(text, (document = parse(text)));
  return document;
};

const BY_TOPIC = 'subscription ($after: Float) { changed(topic: "a", after: $after) { id upper } }';
const WITH_DIRECTIVE =
  'subscription ($after: Float, $full: Boolean!) { changed(topic: "a", after: $after) { id upper @include(if: $full) } }';

describe('createSharedSubscribe', () => {
  it('executes an event once for every subscription of the same document, whatever its root arguments and caller', async () => {
    const { schema, publish, resolved } = testSchema();
    const subscribe = createSharedSubscribe();
    const subscriptions = (await Promise.all(
      [1, 2, 3].map((after) =>
        subscribe({
          schema,
          document: documentOf(BY_TOPIC),
          variableValues: { after },
          contextValue: { caller: `user-${after}` },
        }),
      ),
    )) as AsyncIterableIterator<GraphQL.ExecutionResult>[];
    publish({ id: 'p-1' });
    const results = await Promise.all(subscriptions.map((s) => s.next()));
    expect(results[0]!.value).toEqual({ data: { changed: { id: 'p-1', upper: 'P-1' } } });
    expect(results[1]!.value).toBe(results[0]!.value);
    expect(results[2]!.value).toBe(results[0]!.value);
    expect(resolved).toHaveBeenCalledTimes(1);
  });

  it('executes apart where the selection differs: another document, or variables the selection reads', async () => {
    const { schema, publish, resolved } = testSchema();
    const subscribe = createSharedSubscribe();
    const open = (text: string, variableValues: Record<string, unknown>) =>
      subscribe({ schema, document: documentOf(text), variableValues }) as Promise<
        AsyncIterableIterator<GraphQL.ExecutionResult>
      >;
    const subscriptions = await Promise.all([
      open(BY_TOPIC, { after: 1 }),
      open(WITH_DIRECTIVE, { after: 1, full: true }),
      open(WITH_DIRECTIVE, { after: 2, full: true }),
      open(WITH_DIRECTIVE, { after: 1, full: false }),
    ]);
    publish({ id: 'p-2' });
    const [plain, full, fullToo, short] = (
      await Promise.all(subscriptions.map((s) => s.next()))
    ).map((result) => result.value as GraphQL.ExecutionResult);
    expect(full).toBe(fullToo);
    expect(full).not.toBe(plain);
    expect(short).toEqual({ data: { changed: { id: 'p-2' } } });
    expect(resolved).toHaveBeenCalledTimes(3);
  });

  it("tells apart the operations of one document by the variables each one's selection reads", async () => {
    const { schema, publish, resolved } = testSchema();
    const subscribe = createSharedSubscribe();
    const text = `subscription Plain { changed(topic: "a") { id } }
      subscription Chosen($full: Boolean!) { changed(topic: "a") { id upper @include(if: $full) } }`;
    const open = (operationName: string, variableValues: Record<string, unknown>) =>
      subscribe({ schema, document: documentOf(text), operationName, variableValues }) as Promise<
        AsyncIterableIterator<GraphQL.ExecutionResult>
      >;
    // The plain operation first: what it reads must not stand for the other one.
    const subscriptions = await Promise.all([
      open('Plain', {}),
      open('Chosen', { full: true }),
      open('Chosen', { full: false }),
    ]);
    publish({ id: 'p-3' });
    const [plain, full, short] = (await Promise.all(subscriptions.map((s) => s.next()))).map(
      (result) => result.value as GraphQL.ExecutionResult,
    );
    expect(plain).toEqual({ data: { changed: { id: 'p-3' } } });
    expect(full).toEqual({ data: { changed: { id: 'p-3', upper: 'P-3' } } });
    expect(short).toEqual({ data: { changed: { id: 'p-3' } } });
    expect(resolved).toHaveBeenCalledTimes(3);
  });

  it('passes on the refusal of a subscribe resolver as its result', async () => {
    const { schema } = testSchema();
    schema.getSubscriptionType()!.getFields()['changed']!.subscribe = () => {
      throw new Error('Only an admin can do this');
    };
    const result = (await createSharedSubscribe()({
      schema,
      document: documentOf(BY_TOPIC),
    })) as GraphQL.ExecutionResult;
    expect(result.errors?.map((error) => error.message)).toEqual(['Only an admin can do this']);
  });

  it('stops a subscription waiting for its next event at once, ending its feed', async () => {
    const { schema, feeds } = testSchema();
    const subscription = (await createSharedSubscribe()({
      schema,
      document: documentOf(BY_TOPIC),
    })) as AsyncIterableIterator<GraphQL.ExecutionResult>;
    const waiting = subscription.next();
    await subscription.return?.();
    expect(await waiting).toEqual({ value: undefined, done: true });
    feeds[0]!.push({ id: 'late' });
    expect(await feeds[0]!.next()).toEqual({ value: undefined, done: true });
  });
});
