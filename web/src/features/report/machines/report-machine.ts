import { assign, fromPromise, setup } from 'xstate';
import { ApiError, newIdempotencyKey } from '@/lib/api-client.ts';
import { failureError, failureToast } from '@/lib/command-failure.ts';
import { notify } from '@/lib/toast.tsx';
import { reportProduct, type Report } from '../api/report-product.ts';

export type ReportEvent =
  { type: 'report.open' } | { type: 'report.cancel' } | { type: 'report.submit'; report: Report };

export type ReportContext = {
  productId: string;
  alreadyReported: boolean;
  report: Report | null;
  error: string | null;
};

/** The server's answer when this user already has an open report on the listing. */
const isAlreadyReported = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409;

/**
 * Report: the user opens the form, picks a reason (with a short text for 'Other') and sends it.
 * A report the user already made (409) ends here too, with the server's message.
 */
export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as { productId: string; alreadyReported?: boolean },
  },
  actors: {
    reportProduct: fromPromise<unknown, { productId: string; report: Report }>(({ input }) =>
      reportProduct(input.productId, input.report, newIdempotencyKey()),
    ),
  },
  actions: {
    notifyReported: () => {
      notify.success('Successfully Reported');
    },
    notifyFailed: (_, params: { message: string }) => {
      notify.error(params.message);
    },
  },
  guards: {
    alreadyReported: ({ context }) => context.alreadyReported,
  },
}).createMachine({
  id: 'report',
  context: ({ input }) => ({
    productId: input.productId,
    alreadyReported: input.alreadyReported ?? false,
    report: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'alreadyReported', target: 'reported' }, { target: 'idle' }],
    },
    idle: { on: { 'report.open': 'choosing' } },
    choosing: {
      on: {
        'report.cancel': { target: 'idle', actions: assign({ error: null }) },
        'report.submit': {
          target: 'reporting',
          actions: assign({ report: ({ event }) => event.report }),
        },
      },
    },
    reporting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'reportProduct',
        input: ({ context }) => ({
          productId: context.productId,
          report: context.report ?? { reason: 'other' },
        }),
        onDone: { target: 'reported', actions: 'notifyReported' },
        onError: [
          {
            guard: ({ event }) => isAlreadyReported(event.error),
            target: 'reported',
            actions: { type: 'notifyFailed', params: failureToast },
          },
          {
            target: 'choosing',
            actions: [
              assign({ error: failureError }),
              { type: 'notifyFailed', params: failureToast },
            ],
          },
        ],
      },
    },
    reported: {},
  },
});
