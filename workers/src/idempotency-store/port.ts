/** The first answer to a command sent with an Idempotency-Key. */
export interface StoredAnswer {
  /** Hash of what was asked, so a key reused for another request is recognised. */
  readonly fingerprint: string;
  readonly statusCode: number;
  readonly body: string;
  /**
   * The uid of the signed-in user whose request this answers, so that their answers can be
   * forgotten with them; null for a caller not signed in (and for answers kept before owners
   * were recorded).
   */
  readonly owner: string | null;
}

/** Durable memory of answers, each kept for `ttlMs` after it was first given. */
export interface IdempotencyStore {
  get(scope: string): Promise<StoredAnswer | null>;
  /** Keeps the first answer stored under `scope`; a later put for the same scope changes nothing. */
  put(scope: string, answer: StoredAnswer): Promise<void>;
  /**
   * Deletes every answer `ownerUid` owns (their bodies may hold the user's personal data), with
   * the puts of theirs accepted before the call, leaving no copy of them in the store's files.
   */
  forgetAnswersOf(ownerUid: string): Promise<void>;
  close(): Promise<void>;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
