import { describe, expect, it, vi } from 'vitest';
import type { Client as WsClient, Sink } from 'graphql-ws';
import { MyBookingsChangedSubscription } from '@/features/orders/api/orders.ts';
import { heartbeatHeard } from './connection.ts';
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

  it('catches up when the heartbeat says the gateway missed notices after the last position it saw', async () => {
    const sent: {
      payload: { variables?: Record<string, unknown> };
      sink: Sink;
      stopped: boolean;
    }[] = [];
    const wsClient = {
      subscribe(payload: { variables?: Record<string, unknown> }, sink: Sink) {
        const entry = { payload: { ...payload }, sink, stopped: false };
        sent.push(entry);
        return () => {
          entry.stopped = true;
          // graphql-ws completes a subscription it was told to stop.
          sink.complete();
        };
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
    sent[0]!.sink.next({
      data: { myBookingsChanged: { topic: 'myBookings', position: 12, ids: [] } },
    } as never);

    // The gateway received every notice after 12, or after 9: the list missed nothing.
    heartbeatHeard(12);
    heartbeatHeard(9);
    expect(sent).toHaveLength(1);

    // It missed notices up to 15: the list subscribes again from the last position it saw, once.
    heartbeatHeard(15);
    heartbeatHeard(15);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.stopped).toBe(true);
    expect(sent[1]!.payload.variables).toEqual({ after: 12 });
    // The server's catch-up reaches the list (the replaced one's end did not end it), which
    // refetches at it.
    sent[1]!.sink.next({
      data: { myBookingsChanged: { topic: 'myBookings', position: 15, ids: [] } },
    } as never);
    expect(seen).toEqual([12, 15]);

    unsubscribe();
    heartbeatHeard(20);
    expect(sent).toHaveLength(2);
  });
});
