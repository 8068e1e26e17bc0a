import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buyer } from '@/testing/auth.ts';
import { pendingOrder } from '@/testing/fixtures.ts';
import { heldAnswers } from '@/testing/held-answers.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

describe('a live query', () => {
  it('shows each answer it gets while changes keep coming faster than answers', async () => {
    const answers = heldAnswers();
    const { server } = renderApp('/myOrders', {
      user: buyer,
      server: {
        graphql: {
          Me: { me: meAs(buyer, 'buyer') },
          MyBookings: ({ minPosition }: Record<string, unknown>) =>
            answers.hold({
              myBookings: [
                { ...pendingOrder, productName: `Galaxy at ${String(minPosition ?? 0)}` },
              ],
            }),
        },
      },
    });
    await waitFor(() => expect(server.subscriptions()).toContain('MyBookingsChanged'));
    const announce = (position: number) =>
      act(async () =>
        server.announce('MyBookingsChanged', {
          myBookingsChanged: { topic: 'myBookings', position, ids: ['b1'] },
        }),
      );
    // A change comes in before the first read is answered, and another before the next is.
    await announce(41);
    await answers.answerTheOneRead();
    await screen.findByRole('cell', { name: 'Galaxy at 0' });
    await announce(42);
    await answers.answerTheOneRead();
    await screen.findByRole('cell', { name: 'Galaxy at 41' });
    await answers.answerTheOneRead();
    await screen.findByRole('cell', { name: 'Galaxy at 42' });
    expect(
      server.graphqlRequests
        .filter((request) => request.operationName === 'MyBookings')
        .map((request) => request.variables['minPosition']),
    ).toEqual([undefined, 41, 42]);
  });
});
