import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/lib/api-client.ts';
import { failureError, failureKey, failureToast } from '@/lib/command-failure.ts';
import { notify } from '@/lib/toast.tsx';
import { editListing, uploadImage, type ListingChanges } from '../api/seller-api.ts';

/** The form's changes; a new picture is a file until uploaded. */
export type ListingEdit = Omit<ListingChanges, 'picture'>;

export type EditListingEvent = { type: 'listing.submit'; changes: ListingEdit; image: File | null };

export type EditListingContext = {
  productId: string;
  productName: string;
  changes: ListingEdit;
  image: File | null;
  /** The uploaded picture's URL, kept so that a retry after a refused save uploads it once. */
  picture: string | null;
  error: string | null;
  idempotencyKey: string;
};

/** A seller's edit of one listing: the new picture uploaded first, then one PATCH. */
export const editListingMachine = setup({
  types: {
    context: {} as EditListingContext,
    events: {} as EditListingEvent,
    input: {} as { productId: string; productName: string },
  },
  actors: {
    uploadImage: fromPromise<string, { image: File }>(({ input }) => uploadImage(input.image)),
    editListing: fromPromise<
      unknown,
      { productId: string; changes: ListingChanges; idempotencyKey: string }
    >(({ input }) => editListing(input.productId, input.changes, input.idempotencyKey)),
  },
  actions: {
    notifySaved: (_, params: { name: string }) => {
      notify.success(`${params.name} is updated`);
    },
    notifyFailed: (_, params: { message: string }) => {
      notify.error(params.message);
    },
    /** Replaced by the form: it closes. */
    listingSaved: () => {},
  },
  guards: {
    newPicture: ({ context }) => context.image !== null && context.picture === null,
  },
}).createMachine({
  id: 'editListing',
  context: ({ input }) => ({
    productId: input.productId,
    productName: input.productName,
    changes: {},
    image: null,
    picture: null,
    error: null,
    idempotencyKey: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'listing.submit': {
          target: 'submitted',
          actions: assign(({ event, context }) => ({
            changes: event.changes,
            // Another file than the one uploaded: upload it.
            picture: event.image === context.image ? context.picture : null,
            image: event.image,
            error: null,
            // Kept after a lost answer (see keyAfterFailure): the server applies the edit once.
            idempotencyKey: context.idempotencyKey || newIdempotencyKey(),
          })),
        },
      },
    },
    submitted: {
      always: [{ guard: 'newPicture', target: 'uploadingImage' }, { target: 'saving' }],
    },
    uploadingImage: {
      invoke: {
        src: 'uploadImage',
        input: ({ context }) => ({ image: context.image as File }),
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
        src: 'editListing',
        input: ({ context }) => ({
          productId: context.productId,
          changes: {
            ...context.changes,
            ...(context.image && context.picture ? { picture: context.picture } : {}),
          },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: 'saved',
        onError: {
          target: 'editing',
          actions: [
            assign({ error: failureError, idempotencyKey: failureKey }),
            { type: 'notifyFailed', params: failureToast },
          ],
        },
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
