import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aProduct } from '@/testing/fixtures.ts';
import { renderCategoryAsBuyer } from '@/testing/render-app.tsx';
import type { RestRequest } from '@/testing/fake-server.ts';

function renderCategory(book: (request: RestRequest) => [number, unknown], product = aProduct()) {
  return renderCategoryAsBuyer(
    (request) =>
      request.method === 'POST' && request.path === '/bookings' ? book(request) : undefined,
    product,
  );
}

describe('purchasing a product', () => {
  it('shows every field of the product card, prices with a $ suffix', async () => {
    renderCategory(() => [200, {}], aProduct({ sellerVerified: true }));
    const card = await screen.findByRole('article', { name: 'Galaxy S10' });
    expect(card).toHaveTextContent('Like new, with box');
    expect(card).toHaveTextContent('Original price500$');
    expect(card).toHaveTextContent('Selling price300$');
    expect(card).toHaveTextContent('Years used2');
    expect(card).toHaveTextContent('ConditionGood');
    expect(card).toHaveTextContent('LocationDhaka');
    expect(card).toHaveTextContent('SellerSam Seller');
    expect(card).toHaveTextContent('Mobile01700000000');
    expect(within(card).getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  it('opens the booking modal with name, e-mail and price read-only', async () => {
    renderCategory(() => [200, {}]);
    await userEvent.click(await screen.findByRole('button', { name: 'Purchase' }));
    const dialog = screen.getByRole('dialog', { name: 'Galaxy S10' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Bob Buyer');
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('bob@example.com');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Price')).toHaveValue('300$');
    expect(within(dialog).getByLabelText('Price')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Phone')).not.toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Phone')).toHaveFocus();
    expect(within(dialog).getByLabelText('Address')).not.toHaveAttribute('readonly');
  });

  it("books, closes the modal, toasts 'Booking confirmed' and re-reads with the answer's position", async () => {
    const user = userEvent.setup();
    const { server } = renderCategory(() => [
      200,
      { acknowledged: true, insertedId: 'b1', position: 42 },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    await user.type(screen.getByLabelText('Phone'), '01800000000');
    await user.type(screen.getByLabelText('Address'), 'Gulshan 1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Booked' })).toBeDisabled();
    const booking = server.restRequests.find((r) => r.path === '/bookings');
    expect(booking?.body).toEqual({
      productId: 'p1',
      Brand: 'Samsung',
      buyerName: 'Bob Buyer',
      email: 'bob@example.com',
      sellingPrice: 300,
      phone: '01800000000',
      address: 'Gulshan 1',
    });
    await waitFor(() =>
      expect(server.graphqlRequests).toContainEqual({
        operationName: 'Products',
        variables: { brand: 'Samsung', limit: 6, minPosition: 42 },
      }),
    );
  });

  it("keeps the modal open with 'This product is already booked' on a conflict", async () => {
    const user = userEvent.setup();
    renderCategory(() => [
      409,
      { statusCode: 409, error: 'Conflict', message: 'This product is already booked' },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'Galaxy S10' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This product is already booked',
    );
  });

  it('closes the modal on Escape without booking', async () => {
    const { server } = renderCategory(() => [200, {}]);
    await userEvent.click(await screen.findByRole('button', { name: 'Purchase' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Purchase' })).toHaveFocus();
    expect(server.restRequests).toEqual([]);
  });

  it('cannot purchase a product that is already booked', async () => {
    renderCategory(() => [200, {}], aProduct({ status: 'booked' }));
    const card = await screen.findByRole('article', { name: 'Galaxy S10' });
    expect(within(card).getByText('Booked', { selector: '.badge' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Booked' })).toBeDisabled();
  });

  it('shows a product sold since as sold, not booked', async () => {
    renderCategory(() => [200, {}], aProduct({ status: 'sold' }));
    const card = await screen.findByRole('article', { name: 'Galaxy S10' });
    expect(within(card).getByText('Sold', { selector: '.badge' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sold' })).toBeDisabled();
    expect(within(card).queryByText('Booked')).not.toBeInTheDocument();
  });
});
