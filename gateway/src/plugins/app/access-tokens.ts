import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';

/** Who an access token was issued to. */
export interface TokenSubject {
  uid: string;
  email: string;
}

export interface AccessTokens {
  issue(subject: TokenSubject): Promise<string>;
  /** Resolves the subject of a valid, unexpired token of this gateway; rejects otherwise. */
  verify(token: string): Promise<TokenSubject>;
}

const issuer = 'resale-gateway';
const audience = 'resale-web';

/**
 * Short-lived HS256 tokens signed with ACCESS_TOKEN_SECRET (jose: audited, dependency-free,
 * pins the algorithm on verification so `alg: none` or key confusion cannot pass).
 */
async function accessTokens(app: FastifyInstance): Promise<void> {
  const key = new TextEncoder().encode(app.config.ACCESS_TOKEN_SECRET);
  const ttl = app.config.ACCESS_TOKEN_TTL_SECONDS;
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
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer,
        audience,
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string')
        throw new Error('The access token names no subject');
      return { uid: payload.sub, email: payload.email };
    },
  } satisfies AccessTokens);
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
  }
}

export default fp(accessTokens, { name: 'access-tokens', dependencies: ['config'] });
