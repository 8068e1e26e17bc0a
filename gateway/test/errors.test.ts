import { describe, expect, it } from 'vitest';
import { AppendOutcomeUnknownError, WrongExpectedRevisionError } from '@resale/events';
import { toErrorBody } from '../src/errors.ts';

describe('errors as the client sees them', () => {
  it('answers 409 to a concurrent change and 503 to an append whose outcome is unknown', () => {
    expect(toErrorBody(new WrongExpectedRevisionError('product-1', 0, 1))).toMatchObject({
      statusCode: 409,
    });
    expect(toErrorBody(new AppendOutcomeUnknownError('product-1'))).toMatchObject({
      statusCode: 503,
      message: 'We could not confirm that this change was saved; check before trying again',
    });
  });

  it('says nothing about internals for anything unexpected', () => {
    expect(toErrorBody(new Error('SQLITE_IOERR at /data/events.sqlite3'))).toMatchObject({
      statusCode: 500,
      message: 'Something went wrong on our side',
    });
  });
});
