import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { readModelNames } from '@resale/workers/read-models';
import { actorOfRequest } from '../plugins/app/authentication.ts';

const LogPosition = Type.Integer({ minimum: 0 });
const Count = Type.Integer({ minimum: 0 });
const ReadModelName = Type.Enum([...readModelNames], { description: 'A read model' });

const ReplayRun = Type.Object(
  {
    id: Type.String(),
    names: Type.Array(ReadModelName),
    startedBy: Type.String({
      description: '`command line`, or the uid of the admin who started it from this page',
    }),
    startedAt: Type.String(),
    updatedAt: Type.String({ description: 'When it last reported' }),
    state: Type.Enum(['running', 'swapped', 'failed']),
    position: Type.Integer({ description: 'The last event applied to the rebuild' }),
    head: Type.Integer({ description: "The log's head as the replay last saw it" }),
    events: Count,
    error: Type.Optional(Type.String()),
  },
  { description: 'A replay of read models, running or over' },
);

const runExample = {
  id: '0b9f3f5e-6c1a-4d3b-9d55-0f2c3b1e7a10',
  names: ['products'],
  startedBy: 'kDk2mQ9sXzAdmin',
  startedAt: '2026-11-26T08:10:00.000Z',
  updatedAt: '2026-11-26T08:10:02.500Z',
  state: 'running',
  position: 4200,
  head: 10_250,
  events: 4200,
};

const OperationsStatus = Type.Object(
  {
    checkedAt: Type.String(),
    head: Type.Integer({ description: "The log's head: the position of its last event" }),
    readModels: Type.Array(
      Type.Object({
        name: ReadModelName,
        position: LogPosition,
        lagEvents: Count,
        rebuilds: Type.Integer({ description: 'How many replays swapped it in' }),
        rebuiltAt: Type.Union([LogPosition, Type.Null()], {
          description: 'The position the last replay swapped it in at; null: never rebuilt',
        }),
      }),
    ),
    lagEvents: Type.Integer({ description: 'Events of the log not applied yet' }),
    lagMs: Type.Integer({ description: 'How long the oldest of them has waited' }),
    replay: Type.Union([ReplayRun, Type.Null()], {
      description: 'The last replay, from the command line or this page; null: none yet',
    }),
    queue: Type.Union(
      [
        Type.Object({
          waiting: Count,
          active: Count,
          delayed: Count,
          failed: Type.Integer({ description: 'Jobs that failed and wait for an operator' }),
        }),
        Type.Null(),
      ],
      { description: "The workers' queues; null in the embedded profile (not applicable)" },
    ),
  },
  {
    examples: [
      {
        checkedAt: '2026-11-26T08:10:03.000Z',
        head: 10_250,
        readModels: [
          { name: 'products', position: 10_248, lagEvents: 2, rebuilds: 1, rebuiltAt: 9_800 },
        ],
        lagEvents: 2,
        lagMs: 35,
        replay: runExample,
        queue: null,
      },
    ],
  },
);

/** The admins' operations page: the read models against the log, replays, the queues. */
export default async function operationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/operations',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['operations'],
        summary: "The read models' lag behind the log, replays and queues (admins)",
        description:
          "Each read model's position against the log's head, the lag in events and in " +
          'milliseconds, the last replay (running or over, from the command line or this page) ' +
          "and, in the distributed profile, the workers' queue depth and failed jobs.",
        response: { 200: OperationsStatus },
      },
    },
    async () => app.operations.status(),
  );

  app.post(
    '/admin/operations/replays',
    {
      // A write like any other: the same limit per address.
      config: { auth: 'admin', rateLimit: app.writeLimit },
      schema: {
        tags: ['operations'],
        summary: 'Rebuilds one read model from the log and swaps it in (admins)',
        description:
          'The rebuild runs beside the live read model, which keeps serving; its progress shows ' +
          'in GET /admin/operations. 409 while another replay runs. Logged with the admin.',
        body: Type.Object({ name: ReadModelName }, { examples: [{ name: 'products' }] }),
        response: { 202: { ...ReplayRun, examples: [runExample] } },
      },
    },
    async (request, reply) => {
      const actor = actorOfRequest(request);
      return reply.code(202).send(app.operations.startReplay(request.body.name, actor.uid));
    },
  );
}
