import { describe, expect, it, vi } from 'vitest';
import type { Client as WsClient, Sink } from 'graphql-ws';
import { gql } from 'urql';
import { createUrqlClient } from './urql.ts';

const Changes = gql`
  subscription MyBookingsChanged($after: Float) {
    myBookingsChanged(after: $after) {
      topic
      position
      ids
    }
  }
`;

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
    const { unsubscribe } = client.subscription(Changes, {}).subscribe((result) => {
      const change = (result.data as { myBookingsChanged: { position: number } } | undefined)
        ?.myBookingsChanged;
      if (change) seen.push(change.position);
    });

    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const first = sent[0]!;
    expect(first.payload.variables).toEqual({});
    first.sink.next({
      data: { myBookingsChanged: { topic: 'myBookings', position: 12, ids: ['b1'] } },
    } as never);

    expect(seen).toEqual([12]);
    expect(first.payload.variables).toEqual({ after: 12 });
    unsubscribe();
  });
});
