import { AsyncLocalStorage } from 'node:async_hooks';

// Lets a subscription recognise a close() issued from inside its own handler: waiting there for
// the handler to finish would wait forever, so such a close only stops further delivery.
const runningHandler = new AsyncLocalStorage<object>();

export const runAsHandlerOf = <T>(subscription: object, handler: () => T): T =>
  runningHandler.run(subscription, handler);

export const isInsideHandlerOf = (subscription: object): boolean =>
  runningHandler.getStore() === subscription;
