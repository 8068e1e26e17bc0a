import type { WholeAnswerParts } from '../plugins/app/answer-cache.ts';
import type { Actor } from '../plugins/app/authentication.ts';
import { forbidden, unauthorized } from '../errors.ts';

/** What every resolver knows about its caller (HTTP request or WebSocket connection). */
export interface CallerContext {
  /** Null for anonymous callers. */
  actor: Actor | null;
  /** Why the caller's token was refused, reported by resolvers that need a caller. */
  authError: Error | null;
}

declare module 'mercurius' {
  interface MercuriusContext {
    actor: CallerContext['actor'];
    authError: CallerContext['authError'];
    /** An HTTP query's record of what it read through the answer cache (none on WebSockets). */
    wholeAnswerParts?: WholeAnswerParts;
  }
}

/** The signed-in caller, or the GraphQL counterpart of 401/403. */
export function requireActor(context: CallerContext, role?: 'admin' | 'seller'): Actor {
  if (context.authError) throw context.authError;
  const actor = context.actor;
  if (!actor) throw unauthorized();
  if (role === 'admin' && !actor.isAdmin) throw forbidden('Only an admin can do this');
  if (role === 'seller' && !actor.isSeller) throw forbidden('Only a seller can do this');
  return actor;
}
