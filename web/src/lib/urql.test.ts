import { describe, expect, it, vi } from 'vitest';
import type { Client as WsClient, Sink } from 'graphql-ws';
import { MyBookingsChangedSubscription } from '@/features/orders/api/orders.ts';
import { createUrqlClient } from './urql.ts';

describe('urql client: live changes', () => {
  it('resubscribes after a reconnect from the last position it saw', async () => {
    // graphql-ws sends the same payload object again when it reconnects.
    const sent: { payload: { variables?: Record<string, unknown> }; sink: Sink }[] = [];
    const wsClient = {
      subscribe(payload: { variables?: Record<string, unknown> }, sink: Sink) {
        sent.push({ payload, sink });
        return () => {};
      },
    } as unknown as WsClient;
    const client = createUrqlClient({ url: 'http://127.0.0.1:5000/graphql', wsClient });
    const seen: number[] = [];
    const { unsubscribe } = client
      .subscription(MyBookingsChangedSubscription, {})
      .subscribe((result) => {
        const change = result.data?.myBookingsChanged;
        if (change) seen.push(change.position);
      });

    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const first = sent[0]!;
    // From 0 before any change: the server announces its position at once, so a reconnect
    // before the first change resumes from a position too.
    expect(first.payload.variables).toEqual({ after: 0 });
    first.sink.next({
      data: { myBookingsChanged: { topic: 'myBookings', position: 12, ids: ['b1'] } },
    } as never);

    expect(seen).toEqual([12]);
    expect(first.payload.variables).toEqual({ after: 12 });
    unsubscribe();
  });
});
