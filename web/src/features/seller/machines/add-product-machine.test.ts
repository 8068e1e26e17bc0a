import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/lib/api-client.ts';
import { deferred } from '@/testing/deferred.ts';
import type { NewProduct } from '../api/seller-api.ts';
import { addProductMachine } from './add-product-machine.ts';
import type { ProductDraft } from './listing-form.ts';

const draft: ProductDraft = {
  productName: 'Galaxy S10',
  sellerName: 'Sam',
  condition: 'Good',
  email: 'sam@example.com',
  Brand: 'Samsung',
  address: 'Dhaka',
  about: 'Like new',
  sellerEmail: 'sam@example.com',
  phone: '0123',
  buyingPrice: 500,
  sellingPrice: 300,
  year: 2,
};
const image = new File(['png'], 'phone.png', { type: 'image/png' });
type SaveInput = { product: NewProduct; idempotencyKey: string };

function givenAddProduct(options: {
  upload?: () => Promise<string>;
  save?: (input: SaveInput) => Promise<unknown>;
}) {
  const saved: SaveInput[] = [];
  const uploaded: File[] = [];
  const added = vi.fn();
  const failed = vi.fn();
  const productAdded = vi.fn();
  const actor = createActor(
    addProductMachine.provide({
      actors: {
        uploadImage: fromPromise<string, { image: File }>(({ input }) => {
          uploaded.push(input.image);
          return options.upload?.() ?? Promise.resolve('http://127.0.0.1:5000/images/a.png');
        }),
        saveProduct: fromPromise<unknown, SaveInput>(({ input }) => {
          saved.push(input);
          return options.save?.(input) ?? Promise.resolve({ position: 3 });
        }),
      },
      actions: {
        notifyAdded: (_, params: { name: string }) => added(params.name),
        notifyFailed: (_, params: { message: string }) => failed(params.message),
        productAdded,
      },
    }),
  ).start();
  return { actor, saved, uploaded, added, failed, productAdded };
}

describe('add-product machine', () => {
  it('uploads the image, then saves the product with its URL as the picture', async () => {
    const upload = deferred<string>();
    const { actor, saved, uploaded } = givenAddProduct({ upload: () => upload.promise });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'product.submit', draft, image });
    expect(actor.getSnapshot().value).toBe('uploadingImage');
    expect(uploaded).toEqual([image]);
    upload.resolve('http://127.0.0.1:5000/images/a.png');
    await waitFor(actor, (s) => s.matches('done'));
    expect(saved[0]?.product).toEqual({ ...draft, picture: 'http://127.0.0.1:5000/images/a.png' });
  });

  it("toasts '{name} is added successfully' and hands over to the seller's products", async () => {
    const { actor, added, productAdded } = givenAddProduct({});
    actor.send({ type: 'product.submit', draft, image });
    await waitFor(actor, (s) => s.matches('done'));
    expect(added).toHaveBeenCalledWith('Galaxy S10');
    expect(productAdded).toHaveBeenCalledTimes(1);
  });

  it('goes back to editing with the message when the upload fails, saving nothing', async () => {
    const { actor, saved, failed } = givenAddProduct({
      upload: async () => {
        throw new ApiError(413, 'The image is larger than 15 MB');
      },
    });
    actor.send({ type: 'product.submit', draft, image });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The image is larger than 15 MB');
    expect(failed).toHaveBeenCalledWith('The image is larger than 15 MB');
    expect(saved).toEqual([]);
  });

  it('goes back to editing when saving fails, and can be submitted again', async () => {
    let attempt = 0;
    const { actor, saved, added } = givenAddProduct({
      save: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError(400, 'phone is required');
        return { position: 4 };
      },
    });
    actor.send({ type: 'product.submit', draft, image });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    actor.send({ type: 'product.submit', draft, image });
    await waitFor(actor, (s) => s.matches('done'));
    expect(saved).toHaveLength(2);
    expect(added).toHaveBeenCalledTimes(1);
  });

  it('starts a fresh form after a product was added', async () => {
    const { actor } = givenAddProduct({});
    actor.send({ type: 'product.submit', draft, image });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'product.reset' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fields).toBeNull();
  });
});
