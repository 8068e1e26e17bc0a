import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

const readModel = (name: string, position: number) => ({
  name,
  position,
  lagEvents: 120 - position,
  rebuilds: 0,
  rebuiltAt: null,
});

const statusAt = (position: number, replay: Record<string, unknown> | null) => ({
  operations: {
    checkedAt: '2026-11-26T08:30:00.000Z',
    head: 120,
    lagEvents: 120 - position,
    lagMs: 1_500,
    readModels: [readModel('users', position), readModel('products', position)],
    replay,
    queue: null,
  },
});

const run = (state: string, position: number) => ({
  id: 'r1',
  names: ['products'],
  startedBy: 'admin-uid',
  startedAt: '2026-11-26T08:29:00.000Z',
  updatedAt: '2026-11-26T08:30:00.000Z',
  state,
  position,
  head: 120,
  events: position,
  error: null,
});

describe('the operations page', () => {
  it('shows the lag, starts a replay of one read model and follows it to the swap', async () => {
    let answer = statusAt(100, null);
    const { server } = renderApp('/dashboard/operations', {
      user: admin,
      server: {
        graphql: { Me: { me: meAs(admin, 'admin') }, Operations: () => answer },
        rest: (request) =>
          request.method === 'POST' && request.path === '/admin/operations/replays'
            ? [202, run('running', 0)]
            : undefined,
      },
    });
    const lag = await screen.findByLabelText('Lag');
    expect(within(lag).getByText('20 events')).toBeVisible();
    expect(within(lag).getByText('1.5 s')).toBeVisible();
    expect(screen.getByText('No replay has run yet.')).toBeVisible();
    expect(screen.getByText(/Not applicable/)).toBeVisible();

    answer = statusAt(100, run('running', 60));
    await userEvent.click(screen.getByRole('button', { name: 'Rebuild products' }));
    expect(server.restRequests.at(-1)?.body).toEqual({ name: 'products' });
    // The page asks again every few seconds.
    const progress = await screen.findByRole(
      'progressbar',
      { name: 'Replay progress' },
      {
        timeout: 5_000,
      },
    );
    expect(progress).toHaveAttribute('value', '60');
    expect(screen.getByText('60 of 120 (50%), 60 events')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rebuild users' })).toBeDisabled();

    answer = statusAt(120, run('swapped', 120));
    expect(await screen.findByText('swapped', {}, { timeout: 5_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rebuild users' })).toBeEnabled();
  });

  it('shows the queue depth and failed jobs in the distributed profile', async () => {
    const distributed = statusAt(120, null);
    renderApp('/dashboard/operations', {
      user: admin,
      server: {
        graphql: {
          Me: { me: meAs(admin, 'admin') },
          Operations: {
            operations: {
              ...distributed.operations,
              queue: { waiting: 7, active: 1, delayed: 0, failed: 2 },
            },
          },
        },
      },
    });
    const failed = await screen.findByText('Failed jobs');
    expect(failed.nextElementSibling).toHaveTextContent('2');
  });
});
