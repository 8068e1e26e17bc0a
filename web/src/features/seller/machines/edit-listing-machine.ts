import { blankForm, listingFormSetup, saveFailed, uploadingImage } from './listing-form.ts';

/** A seller's edit of one listing: the new picture uploaded first, then one PATCH. */
export const editListingMachine = listingFormSetup<{
  productId: string;
  productName: string;
}>().createMachine({
  id: 'editListing',
  context: ({ input }) => blankForm(input.productId, input.productName),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'listing.submit': {
          target: 'submitted',
          actions: {
            type: 'takeSubmission',
            params: ({ context, event }) => ({
              fields: event.changes,
              image: event.image,
              productName: context.productName,
            }),
          },
        },
      },
    },
    submitted: {
      always: [{ guard: 'newPicture', target: 'uploadingImage' }, { target: 'saving' }],
    },
    uploadingImage,
    saving: {
      invoke: {
        src: 'editListing',
        input: ({ context }) => ({
          productId: context.productId,
          changes: {
            ...context.fields,
            ...(context.image && context.picture ? { picture: context.picture } : {}),
          },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: 'saved',
        onError: saveFailed,
      },
    },
    saved: {
      type: 'final',
      entry: [
        { type: 'notifySaved', params: ({ context }) => ({ name: context.productName }) },
        'listingSaved',
      ],
    },
  },
});
