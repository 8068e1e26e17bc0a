import { errorMessage, keyAfterFailure } from './api-client.ts';

// Shared by the machines whose commands can fail (booking, report, add product).
type Failure = { event: { error: unknown } };

/** Params of a machine's `notifyFailed` toast: the failure's readable message. */
export const failureToast = ({ event }: Failure) => ({ message: errorMessage(event.error) });

/** The failure's message, kept in context for the form. */
export const failureError = ({ event }: Failure) => errorMessage(event.error);

/**
 * The Idempotency-Key for the next attempt: the same one when the answer was lost (the server
 * may have done it), a new one when the server said no (see keyAfterFailure).
 */
export const failureKey = ({ event, context }: Failure & { context: { idempotencyKey: string } }) =>
  keyAfterFailure(event.error, context.idempotencyKey);
