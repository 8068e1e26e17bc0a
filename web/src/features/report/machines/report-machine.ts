import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/lib/api-client.ts';
import { failureError, failureToast } from '@/lib/command-failure.ts';
import { notify } from '@/lib/toast.tsx';
import { reportProduct } from '../api/report-product.ts';

export type ReportEvent = { type: 'report.submit' };

export type ReportContext = { productId: string; alreadyReported: boolean; error: string | null };

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as { productId: string; alreadyReported?: boolean },
  },
  actors: {
    reportProduct: fromPromise<unknown, { productId: string }>(({ input }) =>
      reportProduct(input.productId, newIdempotencyKey()),
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
    error: null,
  }),
  initial: 'checking',
  states: {
    // A product the server already marks reported cannot be reported again.
    checking: {
      always: [{ guard: 'alreadyReported', target: 'reported' }, { target: 'idle' }],
    },
    idle: { on: { 'report.submit': 'reporting' } },
    reporting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'reportProduct',
        input: ({ context }) => ({ productId: context.productId }),
        onDone: { target: 'reported', actions: 'notifyReported' },
        onError: {
          target: 'idle',
          actions: [
            assign({ error: failureError }),
            { type: 'notifyFailed', params: failureToast },
          ],
        },
      },
    },
    reported: {},
  },
});
