import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seller } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';
import type { RestRequest } from '@/testing/fake-server.ts';

const product = {
  _id: 'p1',
  productName: 'Galaxy S10',
  picture: '/images/s10.png',
  Brand: 'Samsung',
  sellingPrice: 300,
  condition: 'Good',
  about: 'Like new, with box',
  status: 'available',
  booked: false,
  advertised: false,
  available: true,
  reported: false,
  hidden: false,
  hiddenReason: null as string | null,
  reviewRequested: false,
};

const conflict = (message: string): [number, unknown] => [
  409,
  { statusCode: 409, error: 'Conflict', message },
];

function renderMyProducts(
  rest: (request: RestRequest) => [number, unknown] | undefined = () => undefined,
  products = [product],
) {
  return renderApp('/dashboard/myProduct', {
    user: seller,
    server: {
      graphql: { Me: { me: meAs(seller, 'seller') }, MyProducts: { myProducts: products } },
      rest,
    },
  });
}

const productRow = async (name = 'Galaxy S10') =>
  (await screen.findByRole('link', { name })).closest('tr')!;

const commands = (requests: RestRequest[]) =>
  requests.map((request) => [request.method, request.path, request.body]);

describe("the seller's products", () => {
  it("'Available' withdraws an available product and 'Add To Advertise' advertises it", async () => {
    const { server } = renderMyProducts((r) =>
      r.method === 'PUT' && r.path.startsWith('/myProducts/p1/')
        ? [200, { modifiedCount: 1, position: 3 }]
        : undefined,
    );
    const row = await productRow();
    const available = within(row).getByRole('button', { name: 'Available' });
    expect(available).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(available);
    expect(await screen.findByText('Galaxy S10 is no longer available')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Add To Advertise' }));
    expect(await screen.findByText('Galaxy S10 is advertised')).toBeInTheDocument();
    expect(commands(server.restRequests)).toEqual([
      ['PUT', '/myProducts/p1/availability', { available: false }],
      ['PUT', '/myProducts/p1/advertise', undefined],
    ]);
  });

  it('shows a listing an admin hid with the reason, and asks for its review', async () => {
    const hidden = { ...product, hidden: true, hiddenReason: 'The IMEI is blocked' };
    const { server } = renderMyProducts(
      (r) =>
        r.method === 'POST' && r.path === '/myProducts/p1/review'
          ? [200, { modifiedCount: 1, position: 9 }]
          : undefined,
      [hidden],
    );
    const row = await productRow();
    expect(row).toHaveTextContent('Hidden: The IMEI is blocked');
    // Its seller may still edit it before asking, but not advertise it.
    expect(within(row).getByRole('button', { name: 'Edit Galaxy S10' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Add To Advertise' })).toBeDisabled();
    await userEvent.click(
      within(row).getByRole('button', { name: 'Ask for review of Galaxy S10' }),
    );
    expect(await screen.findByText('The admins will review Galaxy S10 again')).toBeInTheDocument();
    expect(commands(server.restRequests)).toEqual([['POST', '/myProducts/p1/review', {}]]);
  });

  it('says a review was asked for instead of offering it again', async () => {
    renderMyProducts(undefined, [
      { ...product, hidden: true, hiddenReason: 'Wrong price', reviewRequested: true },
    ]);
    const row = await productRow();
    expect(within(row).getByText('Review requested')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Ask for review/ })).not.toBeInTheDocument();
  });

  it('links each listing to its own page and shows its status', async () => {
    renderMyProducts();
    const row = await productRow();
    expect(within(row).getByRole('link', { name: 'Galaxy S10' })).toHaveAttribute(
      'href',
      '/product/p1',
    );
    expect(within(row).getByText('Available', { selector: '.badge' })).toBeInTheDocument();
  });

  it('offers no Edit, Withdraw or Mark sold while a booking waits', async () => {
    renderMyProducts(undefined, [{ ...product, status: 'booked', booked: true }]);
    const row = await productRow();
    expect(within(row).getByText('Booked', { selector: '.badge' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Edit Galaxy S10' })).not.toBeInTheDocument();
    expect(
      within(row).queryByRole('button', { name: 'Withdraw Galaxy S10' }),
    ).not.toBeInTheDocument();
  });

  describe('Edit', () => {
    it('sends only what changed through PATCH, toasts and closes', async () => {
      const user = userEvent.setup();
      const { server } = renderMyProducts((r) =>
        r.method === 'PATCH' && r.path === '/myProducts/p1' ? [200, { position: 7 }] : undefined,
      );
      await user.click(within(await productRow()).getByRole('button', { name: 'Edit Galaxy S10' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Galaxy S10' });
      expect(within(dialog).getByLabelText('Selling price ($)')).toHaveValue(300);
      expect(within(dialog).getByLabelText('Condition')).toHaveValue('Good');
      expect(within(dialog).getByLabelText('About')).toHaveValue('Like new, with box');

      await user.clear(within(dialog).getByLabelText('Selling price ($)'));
      await user.type(within(dialog).getByLabelText('Selling price ($)'), '250');
      await user.selectOptions(within(dialog).getByLabelText('Condition'), 'Fair');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Galaxy S10 is updated')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(commands(server.restRequests)).toEqual([
        ['PATCH', '/myProducts/p1', { sellingPrice: 250, condition: 'Fair' }],
      ]);
      expect(server.restRequests[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    });

    it('uploads a new picture first and sends its URL', async () => {
      const user = userEvent.setup();
      const { server } = renderMyProducts((r) =>
        r.path === '/images'
          ? [200, { success: true, data: { url: 'http://127.0.0.1:5000/images/new.png' } }]
          : r.method === 'PATCH'
            ? [200, { position: 8 }]
            : undefined,
      );
      await user.click(within(await productRow()).getByRole('button', { name: 'Edit Galaxy S10' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Galaxy S10' });
      await user.upload(
        within(dialog).getByLabelText('New picture'),
        new File(['png'], 'phone.png', { type: 'image/png' }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Galaxy S10 is updated')).toBeInTheDocument();
      expect(commands(server.restRequests).map(([method, path]) => [method, path])).toEqual([
        ['POST', '/images'],
        ['PATCH', '/myProducts/p1'],
      ]);
      expect(server.restRequests[1]?.body).toEqual({
        picture: 'http://127.0.0.1:5000/images/new.png',
      });
    });

    it('checks the fields as the add-product form does, and sends nothing unchanged', async () => {
      const user = userEvent.setup();
      const { server } = renderMyProducts();
      await user.click(within(await productRow()).getByRole('button', { name: 'Edit Galaxy S10' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Galaxy S10' });

      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Nothing to save: change a field or choose a picture.',
      );

      await user.clear(within(dialog).getByLabelText('Selling price ($)'));
      await user.clear(within(dialog).getByLabelText('About'));
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(within(dialog).getByText('sellingPrice is required')).toBeInTheDocument();
      expect(within(dialog).getByText('about is required')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Selling price ($)')).toHaveFocus();

      await user.type(within(dialog).getByLabelText('Selling price ($)'), '0');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(within(dialog).getByText('sellingPrice must be a number above 0')).toBeInTheDocument();
      expect(server.restRequests).toEqual([]);
    });

    it("keeps the dialog open with the server's refusal", async () => {
      const user = userEvent.setup();
      renderMyProducts((r) =>
        r.method === 'PATCH'
          ? conflict('A booking of this product is waiting for your answer')
          : undefined,
      );
      await user.click(within(await productRow()).getByRole('button', { name: 'Edit Galaxy S10' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Galaxy S10' });
      await user.type(within(dialog).getByLabelText('Selling price ($)'), '9');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'A booking of this product is waiting for your answer',
      );
      expect(screen.getByRole('dialog', { name: 'Edit Galaxy S10' })).toBeInTheDocument();
    });
  });

  describe('Withdraw and Mark sold', () => {
    it('withdraws only once the seller confirms', async () => {
      const user = userEvent.setup();
      const { server } = renderMyProducts((r) =>
        r.method === 'POST' && r.path === '/myProducts/p1/withdraw'
          ? [200, { position: 9 }]
          : undefined,
      );
      const row = await productRow();
      await user.click(within(row).getByRole('button', { name: 'Withdraw Galaxy S10' }));
      const ask = screen.getByRole('alertdialog', { name: 'Withdraw Galaxy S10?' });
      expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(server.restRequests).toEqual([]);

      await user.click(within(row).getByRole('button', { name: 'Withdraw Galaxy S10' }));
      await user.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }),
      );
      expect(await screen.findByText('Galaxy S10 is withdrawn')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(commands(server.restRequests)).toEqual([
        ['POST', '/myProducts/p1/withdraw', undefined],
      ]);
    });

    it("marks sold once confirmed, and shows the server's refusal", async () => {
      const user = userEvent.setup();
      let answer: [number, unknown] = conflict('This product is already sold');
      const { server } = renderMyProducts((r) =>
        r.method === 'POST' && r.path === '/myProducts/p1/sold' ? answer : undefined,
      );
      const row = await productRow();
      await user.click(within(row).getByRole('button', { name: 'Mark Galaxy S10 sold' }));
      const ask = screen.getByRole('alertdialog', { name: 'Mark Galaxy S10 sold?' });
      await user.click(within(ask).getByRole('button', { name: 'Mark sold' }));
      expect(await screen.findByText('This product is already sold')).toBeInTheDocument();
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();

      answer = [200, { position: 10 }];
      await user.click(within(ask).getByRole('button', { name: 'Mark sold' }));
      expect(await screen.findByText('Galaxy S10 is marked sold')).toBeInTheDocument();
      expect(server.restRequests.map((r) => r.path)).toEqual([
        '/myProducts/p1/sold',
        '/myProducts/p1/sold',
      ]);
    });
  });
});
