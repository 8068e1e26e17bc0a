import {
  blankForm,
  listingFormSetup,
  saveFailed,
  uploadingImage,
  type ProductDraft,
} from './listing-form.ts';

/** A seller's new product: its picture uploaded first, then one POST. */
export const addProductMachine = listingFormSetup<void>().createMachine({
  id: 'addProduct',
  context: blankForm(),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'product.submit': {
          target: 'uploadingImage',
          actions: {
            type: 'takeSubmission',
            params: ({ event }) => ({
              fields: event.draft,
              image: event.image,
              productName: event.draft.productName,
            }),
          },
        },
      },
    },
    uploadingImage,
    saving: {
      invoke: {
        src: 'saveProduct',
        input: ({ context }) => ({
          product: { ...(context.fields as ProductDraft), picture: context.picture ?? '' },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: 'done',
        onError: saveFailed,
      },
    },
    done: {
      entry: [
        { type: 'notifyAdded', params: ({ context }) => ({ name: context.productName }) },
        'productAdded',
      ],
      on: { 'product.reset': { target: 'editing', actions: 'clearForm' } },
    },
  },
});
