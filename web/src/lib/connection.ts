// The live-update socket's state, for the "Reconnecting…" banner and the catch-up after it.
// graphql-ws closes its socket on purpose when no subscription is left (lazy mode): only a close
// while subscriptions are open means live updates are being missed.
type Listener = () => void;

let open = 0;
let down = false;
let reconnects = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscriptionOpened(): void {
  open += 1;
}

export function subscriptionClosed(): void {
  open = Math.max(0, open - 1);
}

/** The socket closed (or failed to open): live updates stop if any subscription is open. */
export function socketClosed(): void {
  if (open === 0 || down) return;
  down = true;
  emit();
}

/** The socket is (again) acknowledged: after a break, every live query catches up. */
export function socketConnected(): void {
  if (!down) return;
  down = false;
  reconnects += 1;
  emit();
}

export const isReconnecting = (): boolean => down;
/** How many times the socket came back: live queries refetch when it rises. */
export const getReconnects = (): number => reconnects;

type HeartbeatListener = (receivedAfter: number) => void;
const heartbeatListeners = new Set<HeartbeatListener>();

/**
 * The server's heartbeat arrived: the gateway received every change notice after
 * `receivedAfter`. A live list that last saw an earlier position may have missed one.
 */
export function heartbeatHeard(receivedAfter: number): void {
  for (const listener of heartbeatListeners) listener(receivedAfter);
}

export function subscribeHeartbeat(listener: HeartbeatListener): () => void {
  heartbeatListeners.add(listener);
  return () => heartbeatListeners.delete(listener);
}

export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests only. */
export function resetConnection(): void {
  open = 0;
  down = false;
  reconnects = 0;
}
