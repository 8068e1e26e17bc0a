import { AsyncLocalStorage } from 'node:async_hooks';

// Lets a subscription recognise a close() issued from inside its own handler: waiting there for
// the handler to finish would wait forever, so such a close only stops further delivery.
const runningHandler = new AsyncLocalStorage<object>();
let handlersRunning = 0;

/**
 * Runs a subscription's handler call in its scope. While any AsyncLocalStorage is enabled, Node runs
 * a hook on every promise of the process (every request pays it), so the storage is disabled again whenever no handler call is running; `run` enables it.
 */
export const runAsHandlerOf = async <T>(subscription: object, handler: () => T): Promise<T> => {
  handlersRunning += 1;
  try {
    return await runningHandler.run(subscription, handler);
  } finally {
    handlersRunning -= 1;
    if (handlersRunning === 0) runningHandler.disable();
  }
};

export const isInsideHandlerOf = (subscription: object): boolean =>
  runningHandler.getStore() === subscription;
