import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { onTokenRejected } from './access-token.ts';
import { getPosition } from './positions.ts';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe('api client', () => {
  it('sends the stored access token as a bearer header', async () => {
    localStorage.setItem('accessToken', 'token-1');
    answer(200, []);
    await apiRequest('/categories');
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it("turns a JSON error into an ApiError with the server's message", async () => {
    answer(409, { statusCode: 409, error: 'Conflict', message: 'This product is already booked' });
    await expect(apiRequest('/bookings', { method: 'POST', json: {} })).rejects.toEqual(
      new ApiError(409, 'This product is already booked'),
    );
  });

  it('says the server cannot be reached when the request never gets an answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/categories')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('reports a refused access token so that the app renews it', async () => {
    localStorage.setItem('accessToken', 'expired');
    const rejected: string[] = [];
    const stop = onTokenRejected((token) => rejected.push(token));
    answer(401, { statusCode: 401, error: 'Unauthorized', message: 'Please log in again.' });
    await expect(apiRequest('/bookings')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(rejected).toEqual(['expired']);
  });

  it("remembers a command answer's position for later reads", async () => {
    answer(200, { acknowledged: true, position: 31 });
    await apiRequest('/bookings', { method: 'POST', json: {}, idempotencyKey: 'k1' });
    expect(getPosition()).toBe(31);
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('k1');
  });

  it('asks once more after a 503 that says when to retry, and gives the second answer', async () => {
    const answers = [
      new Response(JSON.stringify({ statusCode: 503, message: 'try again in a moment' }), {
        status: 503,
        headers: { 'Retry-After': '0' },
      }),
      new Response(JSON.stringify({ accessToken: 'a.b.c' }), { status: 200 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    );
    await expect(apiRequest('/jwt', { bearer: 'id-token' })).resolves.toEqual({
      accessToken: 'a.b.c',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks no more than once more, and reports the second 503', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ statusCode: 503, message: 'try again in a moment' }), {
            status: 503,
            headers: { 'Retry-After': '0' },
          }),
      ),
    );
    await expect(apiRequest('/jwt', { bearer: 'id-token' })).rejects.toEqual(
      new ApiError(503, 'try again in a moment'),
    );
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not repeat a 503 without Retry-After: the server may have done it', async () => {
    answer(503, { statusCode: 503, message: 'We could not confirm that this change was saved' });
    await expect(
      apiRequest('/bookings', { method: 'POST', json: {}, idempotencyKey: 'k2' }),
    ).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
