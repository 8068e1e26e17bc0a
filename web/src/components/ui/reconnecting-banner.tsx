import { useSyncExternalStore } from 'react';
import { isReconnecting, subscribeConnection } from '@/lib/connection.ts';

/** Says live updates are paused while the socket is down: the page may be out of date. */
export function ReconnectingBanner() {
  const reconnecting = useSyncExternalStore(subscribeConnection, isReconnecting, isReconnecting);
  if (!reconnecting) return null;
  return (
    <div className="reconnecting-banner" role="status">
      Reconnecting… live updates are paused.
    </div>
  );
}
