import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/** Who an access token was issued to. */
export interface TokenSubject {
  uid: string;
  email: string;
}

/** A token `verify` accepted: its subject, and when it expires. */
export interface VerifiedToken extends TokenSubject {
  readonly expiresAtMs: number;
}

export interface AccessTokens {
  issue(subject: TokenSubject): Promise<string>;
  /** Resolves the subject of a valid, unexpired token of this gateway; rejects otherwise. */
  verify(token: string): Promise<TokenSubject>;
  /** A token `verify` accepted before and that has not expired; never verifies. */
  verifiedSubject(token: string): VerifiedToken | undefined;
}

const issuer = 'resale-gateway';
const audience = 'resale-web';

/** Tokens verified lately, so that a client's every call does not pay for the signature again. */
const verifiedTokensKept = 10_000;

/**
 * Short-lived HS256 tokens signed with ACCESS_TOKEN_SECRET (jose: audited, dependency-free,
 * pins the algorithm on verification so `alg: none` or key confusion cannot pass). The key is
 * imported once (given as bytes, jose imports it on every call); a verified token is remembered
 * until it expires, by its exact text.
 */
async function accessTokens(app: FastifyInstance): Promise<void> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(app.config.ACCESS_TOKEN_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const ttl = app.config.ACCESS_TOKEN_TTL_SECONDS;
  const verified = new LRUCache<string, VerifiedToken>({
    max: verifiedTokensKept,
  });
  const verifiedSubject = (token: string): VerifiedToken | undefined => {
    const known = verified.get(token);
    return known && known.expiresAtMs > Date.now() ? known : undefined;
  };
  app.decorate('accessTokens', {
    issue: ({ uid, email }) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(uid)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttl}s`)
        .sign(key),
    verifiedSubject,
    async verify(token) {
      const known = verifiedSubject(token);
      if (known) return { uid: known.uid, email: known.email };
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer,
        audience,
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.email !== 'string' ||
        typeof payload.exp !== 'number'
      )
        throw new Error('The access token names no subject or expiry');
      const subject = { uid: payload.sub, email: payload.email };
      verified.set(token, { ...subject, expiresAtMs: payload.exp * 1000 });
      return subject;
    },
  } satisfies AccessTokens);
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
  }
}

export default fp(accessTokens, { name: 'access-tokens', dependencies: ['config'] });
