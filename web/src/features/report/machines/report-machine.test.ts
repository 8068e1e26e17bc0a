import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/lib/api-client.ts';
import type { Report } from '../api/report-product.ts';
import { reportMachine } from './report-machine.ts';

function givenReport(report: () => Promise<unknown>, alreadyReported = false) {
  const sent: { productId: string; report: Report }[] = [];
  const toasts = { reported: vi.fn(), failed: vi.fn() };
  const actor = createActor(
    reportMachine.provide({
      actors: {
        reportProduct: fromPromise<unknown, { productId: string; report: Report }>(({ input }) => {
          sent.push(input);
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
  return { actor, sent, toasts };
}

const stolen: Report = { reason: 'stolen-or-blocked' };

describe('report machine', () => {
  it("opens the form, sends the chosen reason and toasts 'Successfully Reported'", async () => {
    const { actor, sent, toasts } = givenReport(async () => ({ modifiedCount: 1 }));
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'report.open' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'report.submit', report: stolen });
    expect(actor.getSnapshot().value).toBe('reporting');
    await waitFor(actor, (s) => s.matches('reported'));
    expect(sent).toEqual([{ productId: 'p1', report: stolen }]);
    expect(toasts.reported).toHaveBeenCalledTimes(1);
  });

  it('closes the form on cancel, sending nothing', () => {
    const { actor, sent } = givenReport(async () => ({}));
    actor.send({ type: 'report.open' });
    actor.send({ type: 'report.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sent).toEqual([]);
  });

  it('starts as reported when the user already reported it', () => {
    const { actor } = givenReport(async () => ({}), true);
    expect(actor.getSnapshot().value).toBe('reported');
    actor.send({ type: 'report.open' });
    expect(actor.getSnapshot().value).toBe('reported');
  });

  it("ends as reported with the server's message when the user's earlier report is still open (409)", async () => {
    const message = 'You have already reported this listing: an admin will review your report';
    const { actor, toasts } = givenReport(async () => {
      throw new ApiError(409, message);
    });
    actor.send({ type: 'report.open' });
    actor.send({ type: 'report.submit', report: stolen });
    await waitFor(actor, (s) => s.matches('reported'));
    expect(toasts.failed).toHaveBeenCalledWith(message);
    expect(toasts.reported).not.toHaveBeenCalled();
  });

  it('keeps the form open with the server message after another failure, to try again', async () => {
    const { actor, toasts } = givenReport(async () => {
      throw new ApiError(401, 'Please log in again.');
    });
    actor.send({ type: 'report.open' });
    actor.send({ type: 'report.submit', report: stolen });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Please log in again.');
    expect(toasts.failed).toHaveBeenCalledWith('Please log in again.');
  });
});
