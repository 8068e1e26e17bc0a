import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';

// The same graphql instance as Mercurius's schema (see index.ts).
const { createSourceEventStream, execute, getOperationAST, Kind, visit } = createRequire(
  import.meta.url,
)('graphql') as typeof GraphQL;

type Execution = GraphQL.ExecutionResult | Promise<GraphQL.ExecutionResult>;

/** What of an operation its executions depend on, found once per document and operation. */
interface OperationShape {
  readonly id: number;
  /** Variables the selection reads (in directives, say); null: any of them may matter. */
  readonly selectionVariables: readonly string[] | null;
}

/**
 * The variables an operation reads outside its root field's arguments. A subscription's root
 * arguments pick the events (a brand, `after`); the selection decides what each event's payload
 * looks like. Any root selection other than a plain field (a fragment) counts as reading them all.
 */
function selectionVariablesOf(
  document: GraphQL.DocumentNode,
  operationName: string | null | undefined,
): readonly string[] | null {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const names = new Set<string>();
  const visitor = { Variable: (node: GraphQL.VariableNode) => void names.add(node.name.value) };
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return null;
    if (selection.selectionSet) visit(selection.selectionSet, visitor);
    for (const directive of selection.directives ?? []) visit(directive, visitor);
  }
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) visit(definition, visitor);
  return [...names];
}

/** Each event's executions by what they depend on; dropped with the event. */
type ExecutionsOfEvent = Map<string, Execution>;

/**
 * graphql-js's `subscribe` (the source event stream, each event executed against the operation),
 * with one execution per event shared by every subscription of the same document, operation and
 * selection variables. A change reaching 1,000 subscribers is executed once instead of 1,000
 * times; each subscriber is sent the same result.
 *
 * Sound because a subscription's payload here depends on nothing else: the Subscription fields'
 * `resolve` and the Change type read the event alone, not the caller's context or the root
 * field's arguments. Who may receive an event is decided per subscriber before execution, in the
 * `subscribe` resolver and the feed's filter (subscriptions.ts).
 */
export function createSharedSubscribe(): (
  args: GraphQL.ExecutionArgs,
) => Promise<AsyncIterableIterator<GraphQL.ExecutionResult> | GraphQL.ExecutionResult> {
  // By document, then by operation name: a document may hold several subscriptions.
  const shapes = new WeakMap<GraphQL.DocumentNode, Map<string, OperationShape>>();
  let operations = 0;
  const shapeOf = (args: GraphQL.ExecutionArgs): OperationShape => {
    let ofDocument = shapes.get(args.document);
    if (!ofDocument) shapes.set(args.document, (ofDocument = new Map()));
    const operationName = args.operationName ?? '';
    let shape = ofDocument.get(operationName);
    if (!shape) {
      operations += 1;
      shape = {
        id: operations,
        selectionVariables: selectionVariablesOf(args.document, args.operationName),
      };
      ofDocument.set(operationName, shape);
    }
    return shape;
  };
  const executions = new WeakMap<object, ExecutionsOfEvent>();

  return async (args) => {
    const events = await createSourceEventStream(args);
    if (!isAsyncIterable(events)) return events;
    const shape = shapeOf(args);
    const variables = args.variableValues ?? {};
    const key = [
      shape.id,
      JSON.stringify(shape.selectionVariables?.map((name) => variables[name] ?? null) ?? variables),
    ].join('\u0000');
    const executeFor = (event: unknown): Execution => {
      if (typeof event !== 'object' || event === null)
        return execute({ ...args, rootValue: event });
      let ofEvent = executions.get(event);
      if (!ofEvent) executions.set(event, (ofEvent = new Map()));
      let execution = ofEvent.get(key);
      if (!execution) ofEvent.set(key, (execution = execute({ ...args, rootValue: event })));
      return execution;
    };
    return mapEvents(events[Symbol.asyncIterator](), executeFor);
  };
}

const isAsyncIterable = (value: object): value is AsyncIterable<unknown> =>
  Symbol.asyncIterator in value;

/**
 * The events' iterator mapped to their executions. Not an async generator: a generator waiting
 * for its next event would hold `return()` back until one came, and a closed subscription must
 * stop at once (its feed unsubscribes).
 */
function mapEvents(
  events: AsyncIterator<unknown>,
  executeFor: (event: unknown) => Execution,
): AsyncIterableIterator<GraphQL.ExecutionResult> {
  const stop = async (): Promise<IteratorReturnResult<undefined>> => {
    await events.return?.();
    return { value: undefined, done: true };
  };
  return {
    async next() {
      const event = await events.next();
      if (event.done) return { value: undefined, done: true };
      const execution = executeFor(event.value);
      return { value: execution instanceof Promise ? await execution : execution, done: false };
    },
    return: stop,
    async throw(error: unknown) {
      await stop();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
