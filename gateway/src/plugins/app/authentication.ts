import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { changeTopic } from '@resale/workers';
import {
  assertActiveUser,
  assertAdmin,
  assertSeller,
  evolveAll,
  sellerDecider,
  sellerStreamId,
  userDecider,
  userStreamId,
  type SellerEvent,
  type RegisteredUser,
  type User,
  type UserEvent,
} from '@resale/events';
import { HttpProblem, unauthorized } from '../../errors.ts';
import { AuthServiceUnavailableError, type FirebaseIdentity } from '../external/firebase-auth.ts';
import { addRouteHook } from './route-hooks.ts';

/** The signed-in, registered, not deleted user a request acts for. */
export interface Actor {
  uid: string;
  email: string;
  name: string;
  /** 'admin' once promoted, otherwise the account type chosen at sign-up. */
  role: 'buyer' | 'seller' | 'admin';
  isAdmin: boolean;
  isSeller: boolean;
}

/**
 * Who may call a route, declared in its `config.auth`:
 * - 'firebase': a Firebase ID token (GET /jwt, POST /users);
 * - 'user': an access token of a registered, not deleted user;
 * - 'seller' / 'admin': that, and the role.
 * Routes without it are public.
 */
export type AuthRequirement = 'firebase' | 'user' | 'seller' | 'admin';

const bearer = (header: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
};

export const actorFrom = (user: RegisteredUser): Actor => ({
  uid: user.uid,
  email: user.email,
  name: user.name,
  role: user.isAdmin ? 'admin' : user.role,
  isAdmin: user.isAdmin,
  isSeller: user.role === 'seller',
});

/**
 * Resolves callers from their tokens. The role comes from the user's own stream in the event store,
 * not from the token or a read model: a promotion or a deletion takes effect on the very next call.
 */
async function authentication(app: FastifyInstance): Promise<void> {
  /**
   * The user as their stream says; a seller whose seller record an admin deleted counts as
   * deleted too: they can no longer list, book, report or answer bookings.
   */
  const readUser = async (uid: string): Promise<User> => {
    const events = await app.eventStore.readStream(userStreamId(uid));
    const user = evolveAll(userDecider, events as unknown as UserEvent[]);
    if (user.status !== 'registered' || user.role !== 'seller') return user;
    const sellerEvents = await app.eventStore.readStream(sellerStreamId(uid));
    const seller = evolveAll(sellerDecider, sellerEvents as unknown as SellerEvent[]);
    return seller.status === 'deleted' ? { status: 'deleted' } : user;
  };
  const cached = app.config.distributed ? undefined : await cachedUsers(app, readUser);
  const loadUser = cached?.load ?? readUser;

  /**
   * The caller of a token verified before and unexpired, with their cached state, without reading
   * or verifying anything: the state is the same object while nothing changed the user, so that an
   * answer made for it can be served again without asking (early answers, answer-cache.ts), as long
   * as `cachedUserState` still gives that object and the token has not expired. Undefined where
   * states are not cached (distributed).
   */
  const cachedCaller = (authorization: string | undefined): CachedCaller | undefined => {
    const token = bearer(authorization);
    const subject = token === undefined ? undefined : app.accessTokens.verifiedSubject(token);
    const state = subject && cached?.peek(subject.uid);
    return subject && state && { uid: subject.uid, tokenExpiresAtMs: subject.expiresAtMs, state };
  };

  /** The user behind an `Authorization: Bearer <accessToken>` header; 401/403 otherwise. */
  const activeUserOf = async (authorization: string | undefined): Promise<RegisteredUser> => {
    const token = bearer(authorization);
    if (!token) throw unauthorized();
    let uid: string;
    try {
      ({ uid } = await app.accessTokens.verify(token));
    } catch {
      throw unauthorized('Your session has expired or is not valid; sign in again');
    }
    const user = await loadUser(uid);
    assertActiveUser(user);
    return user;
  };
  const actorOf = async (authorization: string | undefined): Promise<Actor> =>
    actorFrom(await activeUserOf(authorization));

  /** Like actorOf, but an absent header means an anonymous caller (GraphQL, public reads). */
  const optionalActorOf = async (authorization: string | undefined): Promise<Actor | null> =>
    bearer(authorization) ? actorOf(authorization) : null;

  const firebaseIdentityOf = async (authorization: string | undefined) => {
    const token = bearer(authorization);
    if (!token) throw unauthorized('Send your Firebase ID token as Bearer');
    try {
      return await app.firebaseAuth.verifyIdToken(token);
    } catch (error) {
      if (error instanceof AuthServiceUnavailableError)
        throw new HttpProblem(
          503,
          'Sign-in could not be checked just now; try again in a moment',
          undefined,
          { retryAfterSeconds: 1, cause: error },
        );
      throw new HttpProblem(401, 'The Firebase ID token is not valid or has expired', undefined, {
        cause: error,
      });
    }
  };

  app.decorate('auth', {
    loadUser,
    actorOf,
    optionalActorOf,
    firebaseIdentityOf,
    cachedCaller,
    cachedUserState: (uid) => cached?.peek(uid),
  });
  app.decorateRequest('actor', null);
  app.decorateRequest('firebaseIdentity', null);

  /** Resolves the caller a route requires, or refuses (401/403) before the body is read. */
  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const requirement = request.routeOptions.config.auth;
    const { authorization } = request.headers;
    if (requirement === 'firebase') {
      request.firebaseIdentity = await firebaseIdentityOf(authorization);
      return;
    }
    const user = await activeUserOf(authorization);
    if (requirement === 'admin') assertAdmin(user);
    if (requirement === 'seller') assertSeller(user);
    request.actor = actorFrom(user);
  };

  // A route-level onRequest hook, added after the rate limiter's: floods are counted even when
  // they carry no valid token.
  app.addHook('onRoute', (route) => {
    const requirement = route.config?.auth;
    if (!requirement) return;
    addRouteHook(route, 'onRequest', authenticate);
    if (!route.schema) return;
    const scheme = requirement === 'firebase' ? 'firebaseIdToken' : 'accessToken';
    route.schema = { ...route.schema, security: [{ [scheme]: [] }] };
  });
}

/**
 * The embedded profile's memory of callers' user state, so that a call does not read its caller's
 * stream again (a SQLite read transaction, a fifth of an authenticated read's CPU). Every append
 * this process makes to a user stream drops the user's state, before it starts and once it
 * settled, so the next call after a promotion or a deletion reads the stream. Appends from other
 * processes (a second gateway over the same folder, `npm run promote`) are heard of through the
 * change notices of the users and sellers read models. It fails closed where those may have been
 * missed: while the pub/sub's receiving connection is down nothing is kept (its loss and its
 * return both drop everything), a gap in the positions of the `applied` notices drops everything,
 * and no state is served older than `USER_STATE_MAX_AGE_MS`. The distributed profile, where
 * several gateways append, reads the stream on every call.
 */
async function cachedUsers(
  app: FastifyInstance,
  readUser: (uid: string) => Promise<User>,
): Promise<{ load(uid: string): User | Promise<User>; peek(uid: string): User | undefined }> {
  const { pubsub } = app.readModels;
  const cached = new LRUCache<string, User>({
    max: cachedUsersMax,
    ttl: app.config.USER_STATE_MAX_AGE_MS,
  });
  // Bumped by every drop: a state read while one happened is not cached.
  let drops = 0;
  const drop = (uid?: string): void => {
    drops += 1;
    if (uid === undefined) cached.clear();
    else cached.delete(uid);
  };
  // A seller's record shares its id with the seller's user (the uid).
  const prefixes = [userStreamId(''), sellerStreamId('')];
  const removeListener = app.eventStore.onAppend((streamId) => {
    const prefix = prefixes.find((p) => streamId.startsWith(p));
    if (prefix !== undefined) drop(streamId.slice(prefix.length));
  });
  // Notices that stop, come back or skip positions may have missed changes in between.
  const stopWatching = app.readModels.reception.onMaybeMissed(() => drop());
  const unsubscribes = await Promise.all(
    (['users', 'sellers'] as const).map((topic) =>
      pubsub.subscribe(changeTopic(topic), () => drop()),
    ),
  );
  app.addHook('onClose', async () => {
    removeListener();
    stopWatching();
    for (const unsubscribe of unsubscribes) await unsubscribe();
  });
  return {
    load(uid) {
      const known = cached.get(uid);
      if (known) return known;
      const dropsBefore = drops;
      return readUser(uid).then((user) => {
        if (drops === dropsBefore && pubsub.receiving()) cached.set(uid, user);
        return user;
      });
    },
    peek: (uid) => cached.get(uid),
  };
}

/** How many callers' user states the embedded gateway caches. */
const cachedUsersMax = 10_000;

/** The caller of a token verified before, as `cachedCaller` gives it. */
export interface CachedCaller {
  readonly uid: string;
  readonly tokenExpiresAtMs: number;
  /** The user's cached state: the same object until something changes the user. */
  readonly state: User;
}

/** The actor of a route declared with `config.auth` 'user', 'seller' or 'admin'. */
export const actorOfRequest = (request: FastifyRequest): Actor => {
  if (!request.actor) throw unauthorized();
  return request.actor;
};

declare module 'fastify' {
  interface FastifyInstance {
    auth: {
      /** The user's state: at once when it is cached in memory (embedded profile), else read. */
      loadUser(uid: string): User | Promise<User>;
      actorOf(authorization: string | undefined): Promise<Actor>;
      optionalActorOf(authorization: string | undefined): Promise<Actor | null>;
      firebaseIdentityOf(authorization: string | undefined): Promise<FirebaseIdentity>;
      cachedCaller(authorization: string | undefined): CachedCaller | undefined;
      /** A user's cached state, without reading it: undefined when not cached. */
      cachedUserState(uid: string): User | undefined;
    };
  }
  interface FastifyRequest {
    actor: Actor | null;
    firebaseIdentity: FirebaseIdentity | null;
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
}

export default fp(authentication, {
  name: 'authentication',
  dependencies: ['access-tokens', 'firebase-auth', 'event-store', 'read-models'],
});
