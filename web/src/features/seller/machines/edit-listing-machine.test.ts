import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/lib/api-client.ts';
import type { ListingChanges } from '../api/seller-api.ts';
import { editListingMachine } from './edit-listing-machine.ts';

const image = new File(['png'], 'phone.png', { type: 'image/png' });
type EditInput = { productId: string; changes: ListingChanges; idempotencyKey: string };

function givenEditListing(options: { save?: (input: EditInput) => Promise<unknown> } = {}) {
  const saved: EditInput[] = [];
  const uploaded: File[] = [];
  const notified = vi.fn();
  const failed = vi.fn();
  const listingSaved = vi.fn();
  const actor = createActor(
    editListingMachine.provide({
      actors: {
        uploadImage: fromPromise<string, { image: File }>(async ({ input }) => {
          uploaded.push(input.image);
          return 'http://127.0.0.1:5000/images/new.png';
        }),
        editListing: fromPromise<unknown, EditInput>(({ input }) => {
          saved.push(input);
          return options.save?.(input) ?? Promise.resolve({ position: 3 });
        }),
      },
      actions: {
        notifySaved: (_, params: { name: string }) => notified(params.name),
        notifyFailed: (_, params: { message: string }) => failed(params.message),
        listingSaved,
      },
    }),
    { input: { productId: 'p1', productName: 'Galaxy S10' } },
  ).start();
  return { actor, saved, uploaded, notified, failed, listingSaved };
}

describe('edit-listing machine', () => {
  it('saves the changes without an upload when no picture is chosen', async () => {
    const { actor, saved, uploaded, notified, listingSaved } = givenEditListing();
    actor.send({ type: 'listing.submit', changes: { sellingPrice: 250 }, image: null });
    await waitFor(actor, (state) => state.matches('saved'));
    expect(uploaded).toEqual([]);
    expect(saved).toEqual([
      { productId: 'p1', changes: { sellingPrice: 250 }, idempotencyKey: expect.any(String) },
    ]);
    expect(notified).toHaveBeenCalledWith('Galaxy S10');
    expect(listingSaved).toHaveBeenCalledTimes(1);
  });

  it('uploads a chosen picture first and sends its URL with the changes', async () => {
    const { actor, saved, uploaded } = givenEditListing();
    actor.send({ type: 'listing.submit', changes: { about: 'Boxed' }, image });
    await waitFor(actor, (state) => state.matches('saved'));
    expect(uploaded).toEqual([image]);
    expect(saved[0]?.changes).toEqual({
      about: 'Boxed',
      picture: 'http://127.0.0.1:5000/images/new.png',
    });
  });

  it("goes back to editing with the server's refusal, then retries with a new key and no second upload", async () => {
    let refuse = true;
    const { actor, saved, uploaded, failed } = givenEditListing({
      save: async () => {
        if (refuse) throw new ApiError(409, 'This product is sold');
        return { position: 4 };
      },
    });
    actor.send({ type: 'listing.submit', changes: { sellingPrice: 250 }, image });
    await waitFor(actor, (state) => state.matches('editing') && state.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('This product is sold');
    expect(failed).toHaveBeenCalledWith('This product is sold');

    refuse = false;
    actor.send({ type: 'listing.submit', changes: { sellingPrice: 250 }, image });
    await waitFor(actor, (state) => state.matches('saved'));
    expect(uploaded).toHaveLength(1);
    expect(saved).toHaveLength(2);
    expect(saved[1]?.idempotencyKey).not.toBe(saved[0]?.idempotencyKey);
  });

  it('keeps the key after a lost answer: the server applies the edit once', async () => {
    let lose = true;
    const { actor, saved } = givenEditListing({
      save: async () => {
        if (lose) throw new ApiError(0, 'Cannot reach the server.');
        return { position: 5 };
      },
    });
    actor.send({ type: 'listing.submit', changes: { condition: 'Fair' }, image: null });
    await waitFor(actor, (state) => state.matches('editing') && state.context.error !== null);
    lose = false;
    actor.send({ type: 'listing.submit', changes: { condition: 'Fair' }, image: null });
    await waitFor(actor, (state) => state.matches('saved'));
    expect(saved[1]?.idempotencyKey).toBe(saved[0]?.idempotencyKey);
  });
});
