/** The first answer to a command sent with an Idempotency-Key. */
export interface StoredAnswer {
  /** Hash of what was asked, so a key reused for another request is recognised. */
  readonly fingerprint: string;
  readonly statusCode: number;
  readonly body: string;
}

/** Durable memory of answers, each kept for `ttlMs` after it was first given. */
export interface IdempotencyStore {
  get(scope: string): Promise<StoredAnswer | null>;
  /** Keeps the first answer stored under `scope`; a later put for the same scope changes nothing. */
  put(scope: string, answer: StoredAnswer): Promise<void>;
  close(): Promise<void>;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
