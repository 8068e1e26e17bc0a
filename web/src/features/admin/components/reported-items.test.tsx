import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

const galaxy = {
  _id: 'p1',
  productName: 'Galaxy S10',
  picture: '/images/s10.png',
  Brand: 'Samsung',
  sellerName: 'Sam',
  sellerEmail: 'sam@example.com',
  sellingPrice: 300,
};
const reno = { ...galaxy, _id: 'p2', productName: 'Oppo Reno', Brand: 'Oppo' };

function renderReported() {
  let reported = [galaxy];
  const view = renderApp('/dashboard/report', {
    user: admin,
    server: {
      graphql: {
        Me: { me: meAs(admin, 'admin') },
        ReportedProducts: () => ({ reportedProducts: reported }),
      },
      rest: (request) =>
        request.method === 'DELETE' && request.path === '/reportedProducts/p1'
          ? [200, { deletedCount: 1, position: 30 }]
          : undefined,
    },
  });
  return { ...view, setReported: (items: (typeof galaxy)[]) => (reported = items) };
}

describe('reported items', () => {
  it('asks before deleting, and cancel! keeps the product', async () => {
    const { server } = renderReported();
    const row = (await screen.findByRole('cell', { name: 'Galaxy S10' })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete?' });
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'cancel!' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.restRequests).toEqual([]);
  });

  // That Tab stays inside is the browser's doing (a modal <dialog>): the moderation journey in
  // Chromium checks it.
  it('opens the confirmation as a modal dialog with its Delete button focused', async () => {
    renderReported();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveAttribute('open');
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it("deletes after confirmation and toasts 'Successfully deleted {productName}'", async () => {
    const { server, setReported } = renderReported();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    setReported([]);
    const confirm = screen.getByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully deleted Galaxy S10')).toBeInTheDocument();
    expect(server.restRequests[0]?.method).toBe('DELETE');
    expect(await screen.findByText('No reported products.')).toBeInTheDocument();
  });

  it('changes live when someone else reports a product', async () => {
    const { server, setReported } = renderReported();
    await screen.findByRole('cell', { name: 'Galaxy S10' });
    await waitFor(() => expect(server.subscriptions()).toContain('ReportedProductsChanged'));

    setReported([reno, galaxy]);
    server.announce('ReportedProductsChanged', {
      reportedProductsChanged: { topic: 'reportedProducts', position: 77, ids: ['p2'] },
    });

    expect(await screen.findByRole('cell', { name: 'Oppo Reno' })).toBeInTheDocument();
    expect(server.graphqlRequests).toContainEqual({
      operationName: 'ReportedProducts',
      variables: { minPosition: 77 },
    });
  });
});
