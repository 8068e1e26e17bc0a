import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/lib/api-client.ts';
import { reportMachine } from './report-machine.ts';

function givenReport(report: () => Promise<unknown>, alreadyReported = false) {
  const reported: string[] = [];
  const toasts = { reported: vi.fn(), failed: vi.fn() };
  const actor = createActor(
    reportMachine.provide({
      actors: {
        reportProduct: fromPromise<unknown, { productId: string }>(({ input }) => {
          reported.push(input.productId);
          return report();
        }),
      },
      actions: {
        notifyReported: toasts.reported,
        notifyFailed: (_, params: { message: string }) => toasts.failed(params.message),
      },
    }),
    { input: { productId: 'p1', alreadyReported } },
  ).start();
  return { actor, reported, toasts };
}

describe('report machine', () => {
  it("reports the product and toasts 'Successfully Reported'", async () => {
    const { actor, reported, toasts } = givenReport(async () => ({ modifiedCount: 1 }));
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'report.submit' });
    expect(actor.getSnapshot().value).toBe('reporting');
    await waitFor(actor, (s) => s.matches('reported'));
    expect(reported).toEqual(['p1']);
    expect(toasts.reported).toHaveBeenCalledTimes(1);
  });

  it('starts as reported when the product already is', () => {
    const { actor } = givenReport(async () => ({}), true);
    expect(actor.getSnapshot().value).toBe('reported');
    actor.send({ type: 'report.submit' });
    expect(actor.getSnapshot().value).toBe('reported');
  });

  it('shows the server message and lets the user try again after a failure', async () => {
    const { actor, toasts } = givenReport(async () => {
      throw new ApiError(401, 'Please log in again.');
    });
    actor.send({ type: 'report.submit' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Please log in again.');
    expect(toasts.failed).toHaveBeenCalledWith('Please log in again.');
    expect(toasts.reported).not.toHaveBeenCalled();
  });
});
