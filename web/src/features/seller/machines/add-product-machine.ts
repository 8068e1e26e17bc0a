import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/lib/api-client.ts';
import { failureError, failureKey, failureToast } from '@/lib/command-failure.ts';
import { notify } from '@/lib/toast.tsx';
import { saveProduct, uploadImage, type NewProduct } from '../api/seller-api.ts';

/** The form's fields; the picture is a file until uploaded. */
export type ProductDraft = Omit<NewProduct, 'picture'>;

export type AddProductEvent =
  { type: 'product.submit'; draft: ProductDraft; image: File } | { type: 'product.reset' };

export type AddProductContext = {
  draft: ProductDraft | null;
  image: File | null;
  picture: string | null;
  error: string | null;
  idempotencyKey: string;
};

export const addProductMachine = setup({
  types: { context: {} as AddProductContext, events: {} as AddProductEvent },
  actors: {
    uploadImage: fromPromise<string, { image: File }>(({ input }) => uploadImage(input.image)),
    saveProduct: fromPromise<unknown, { product: NewProduct; idempotencyKey: string }>(
      ({ input }) => saveProduct(input.product, input.idempotencyKey),
    ),
  },
  actions: {
    notifyAdded: (_, params: { name: string }) => {
      notify.success(`${params.name} is added successfully`);
    },
    notifyFailed: (_, params: { message: string }) => {
      notify.error(params.message);
    },
    /** Replaced by the form with a navigation to the seller's products. */
    productAdded: () => {},
  },
}).createMachine({
  id: 'addProduct',
  context: { draft: null, image: null, picture: null, error: null, idempotencyKey: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'product.submit': {
          target: 'uploadingImage',
          actions: assign(({ event, context }) => ({
            draft: event.draft,
            image: event.image,
            error: null,
            // Kept after a lost answer (see keyAfterFailure): the server stores the product once.
            idempotencyKey: context.idempotencyKey || newIdempotencyKey(),
          })),
        },
      },
    },
    uploadingImage: {
      invoke: {
        src: 'uploadImage',
        input: ({ context, event }) => {
          assertEvent(event, 'product.submit');
          return { image: context.image ?? event.image };
        },
        onDone: { target: 'saving', actions: assign({ picture: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: [
            assign({ error: failureError }),
            { type: 'notifyFailed', params: failureToast },
          ],
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveProduct',
        input: ({ context }) => ({
          product: { ...(context.draft as ProductDraft), picture: context.picture ?? '' },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: 'done',
        onError: {
          target: 'editing',
          actions: [
            assign({ error: failureError, idempotencyKey: failureKey }),
            { type: 'notifyFailed', params: failureToast },
          ],
        },
      },
    },
    done: {
      entry: [
        {
          type: 'notifyAdded',
          params: ({ context }) => ({ name: context.draft?.productName ?? '' }),
        },
        'productAdded',
      ],
      on: {
        'product.reset': {
          target: 'editing',
          actions: assign({ draft: null, image: null, picture: null, idempotencyKey: '' }),
        },
      },
    },
  },
});
