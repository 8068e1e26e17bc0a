import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seller } from '@/testing/fixtures.ts';
import { meAs, renderApp } from '@/testing/render-app.tsx';

const categories = [
  { _id: 'c1', title: 'Samsung' },
  { _id: 'c2', title: 'Oppo' },
  { _id: 'c3', title: 'Iphone' },
];

function renderAddProduct() {
  return renderApp('/dashboard/addProduct', {
    user: seller,
    server: {
      graphql: { Me: { me: meAs(seller, 'seller') }, MyProducts: { myProducts: [] } },
      rest: (request) => {
        if (request.method === 'GET' && request.path === '/addProductCategory') {
          return [200, categories];
        }
        if (request.method === 'POST' && request.path === '/images') {
          return [200, { success: true, data: { url: 'http://127.0.0.1:5000/images/x.png' } }];
        }
        if (request.method === 'POST' && request.path === '/myProducts') {
          return [200, { acknowledged: true, insertedId: 'p9', position: 12 }];
        }
        return undefined;
      },
    },
  });
}

describe('add-product form', () => {
  it('puts every required-field message of the spec under its field', async () => {
    renderAddProduct();
    const sellerName = await screen.findByLabelText('Seller name');
    // Loaded categories take the 'Loading categories…' hint away from the field's description.
    await within(screen.getByLabelText('Category')).findByRole('option', { name: 'Iphone' });
    await userEvent.clear(sellerName);
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const expected: [string, string][] = [
      ['Seller name', 'sellerName is required'],
      ['Product name', 'name is required'],
      ['Email', 'email is required'],
      // The field's hint is part of its description, after the message.
      ['Product image', 'img is required PNG, JPEG or WebP, up to 15 MB'],
      ['Category', 'category is required'],
      ['Buying price ($)', 'buyingPrice is required'],
      ['Selling price ($)', 'sellingPrice is required'],
      ['Years used', 'year is required'],
      ['Phone', 'phone is required'],
      ['About', 'about is required'],
      ['Address', 'address is required'],
    ];
    for (const [label, message] of expected) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
    // The condition has a default, so it is never missing.
    expect(screen.queryByText('condition is required')).not.toBeInTheDocument();
  });

  it('offers the categories from the server and the conditions, Good by default', async () => {
    renderAddProduct();
    const category = await screen.findByLabelText('Category');
    await within(category).findByRole('option', { name: 'Iphone' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a category', 'Samsung', 'Oppo', 'Iphone']);
    const condition = screen.getByLabelText('Condition');
    expect(
      within(condition)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Good', 'Excelent', 'Fair']);
    expect(condition).toHaveValue('Good');
  });

  it("uploads the image, saves the product and opens the seller's products", async () => {
    const user = userEvent.setup();
    const { server, router } = renderAddProduct();
    await user.type(await screen.findByLabelText('Product name'), 'Galaxy S10');
    await user.upload(
      screen.getByLabelText('Product image'),
      new File(['png'], 's10.png', { type: 'image/png' }),
    );
    await within(screen.getByLabelText('Category')).findByRole('option', { name: 'Samsung' });
    await user.selectOptions(screen.getByLabelText('Category'), 'Samsung');
    await user.type(screen.getByLabelText('Buying price ($)'), '500');
    await user.type(screen.getByLabelText('Selling price ($)'), '300');
    await user.type(screen.getByLabelText('Years used'), '2');
    await user.type(screen.getByLabelText('Phone'), '0170');
    await user.type(screen.getByLabelText('Address'), 'Dhaka');
    await user.type(screen.getByLabelText('About'), 'Like new');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Galaxy S10 is added successfully')).toBeInTheDocument();
    const saved = server.restRequests.find((r) => r.path === '/myProducts');
    expect(saved?.body).toEqual({
      productName: 'Galaxy S10',
      sellerName: 'Sam Seller',
      condition: 'Good',
      email: 'sam@example.com',
      Brand: 'Samsung',
      picture: 'http://127.0.0.1:5000/images/x.png',
      address: 'Dhaka',
      about: 'Like new',
      sellerEmail: 'sam@example.com',
      phone: '0170',
      buyingPrice: 500,
      sellingPrice: 300,
      year: 2,
    });
    expect(saved?.headers.get('Authorization')).toBe('Bearer test-access-token');
    expect(saved?.headers.get('Idempotency-Key')).toMatch(/[0-9a-f-]{36}/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myProduct'));
  });
});
