import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePortRun, listenRefusal } from './ports.ts';

describe('freePortRun', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives a port that can be listened on, with its successors', async () => {
    const port = await freePortRun(3);
    for (const each of [port, port + 1, port + 2])
      expect(await listenRefusal(each, '127.0.0.1')).toBeNull();
  });

  it('does not give a port it gave before it was listened on', async () => {
    const random = vi.spyOn(Math, 'random');
    const first = await freePortRun(1);
    // The draw that gave the first port, drawn again first for the second.
    const draw = random.mock.results.at(-1)!.value as number;
    random.mockReturnValueOnce(draw);
    const drawsBefore = random.mock.results.length;
    const second = await freePortRun(1);
    expect(random.mock.results.length).toBeGreaterThan(drawsBefore + 1);
    expect(second).not.toBe(first);
  });
});
