import { assign, fromPromise, setup } from 'xstate';
import { errorMessage, keyAfterFailure, newIdempotencyKey } from '@/lib/api-client.ts';
import { failureToast } from '@/lib/command-failure.ts';
import { notify } from '@/lib/toast.tsx';
import {
  editListing,
  saveProduct,
  uploadImage,
  type ListingChanges,
  type NewProduct,
} from '../api/seller-api.ts';

/**
 * What adding a product and editing a listing share: the form's picture is uploaded first (a file
 * until then), then the listing is saved under one Idempotency-Key per attempt; a failed step goes
 * back to the form with its message. The two machines are made from this one setup.
 */

/** The add form's fields; the picture is a file until uploaded. */
export type ProductDraft = Omit<NewProduct, 'picture'>;

/** The edit form's changes; a new picture is a file until uploaded. */
export type ListingEdit = Omit<ListingChanges, 'picture'>;

export type ListingFormEvent =
  | { type: 'product.submit'; draft: ProductDraft; image: File }
  | { type: 'product.reset' }
  | { type: 'listing.submit'; changes: ListingEdit; image: File | null };

export type ListingFormContext = {
  /** The listing edited; empty while adding one. */
  productId: string;
  /** The listing's name, for the toasts. */
  productName: string;
  /** What the form sent but the picture: a new product's fields, or a listing's changes. */
  fields: ProductDraft | ListingEdit | null;
  image: File | null;
  /** The uploaded picture's URL, kept so that a retry after a refused save uploads it once. */
  picture: string | null;
  error: string | null;
  idempotencyKey: string;
};

/** A form not sent yet, for the listing named (none while adding one). */
export const blankForm = (productId = '', productName = ''): ListingFormContext => ({
  productId,
  productName,
  fields: null,
  image: null,
  picture: null,
  error: null,
  idempotencyKey: '',
});

type Failure = { error: unknown };
const failure = ({ event }: { event: Failure }): Failure => ({ error: event.error });

type Submission = { fields: ProductDraft | ListingEdit; image: File | null; productName: string };

/** Both machines' setup: every actor, action and guard, by name; `Input` is what one starts from. */
export const listingFormSetup = <Input>() =>
  setup({
    types: {
      context: {} as ListingFormContext,
      events: {} as ListingFormEvent,
      input: {} as Input,
    },
    actors: {
      uploadImage: fromPromise<string, { image: File }>(({ input }) => uploadImage(input.image)),
      saveProduct: fromPromise<unknown, { product: NewProduct; idempotencyKey: string }>(
        ({ input }) => saveProduct(input.product, input.idempotencyKey),
      ),
      editListing: fromPromise<
        unknown,
        { productId: string; changes: ListingChanges; idempotencyKey: string }
      >(({ input }) => editListing(input.productId, input.changes, input.idempotencyKey)),
    },
    actions: {
      takeSubmission: assign(({ context }, params: Submission) => ({
        fields: params.fields,
        productName: params.productName,
        // Another file than the one uploaded: upload it.
        picture: params.image === context.image ? context.picture : null,
        image: params.image,
        error: null,
        // Kept after a lost answer (see keyAfterFailure): the server applies the attempt once.
        idempotencyKey: context.idempotencyKey || newIdempotencyKey(),
      })),
      keepPicture: assign({ picture: (_, params: { picture: string }) => params.picture }),
      showError: assign({ error: (_, params: Failure) => errorMessage(params.error) }),
      /** The same key when the answer was lost, a new one when the server said no. */
      renewKey: assign({
        idempotencyKey: ({ context }, params: Failure) =>
          keyAfterFailure(params.error, context.idempotencyKey),
      }),
      clearForm: assign({ fields: null, image: null, picture: null, idempotencyKey: '' }),
      notifyAdded: (_, params: { name: string }) => {
        notify.success(`${params.name} is added successfully`);
      },
      notifySaved: (_, params: { name: string }) => {
        notify.success(`${params.name} is updated`);
      },
      notifyFailed: (_, params: { message: string }) => {
        notify.error(params.message);
      },
      /** Replaced by the add form with a navigation to the seller's products. */
      productAdded: () => {},
      /** Replaced by the edit form: it closes. */
      listingSaved: () => {},
    },
    guards: {
      newPicture: ({ context }) => context.image !== null && context.picture === null,
    },
  });

/** Back to the form with the failure's message (the key stays: nothing was sent yet). */
const uploadFailed = {
  target: 'editing',
  actions: [
    { type: 'showError', params: failure },
    { type: 'notifyFailed', params: failureToast },
  ],
} as const;

/** Back to the form with the failure's message, and the key the next attempt needs. */
export const saveFailed = {
  target: 'editing',
  actions: [
    { type: 'showError', params: failure },
    { type: 'renewKey', params: failure },
    { type: 'notifyFailed', params: failureToast },
  ],
} as const;

/** The picture's upload, then the save. */
export const uploadingImage = {
  invoke: {
    src: 'uploadImage',
    input: ({ context }: { context: ListingFormContext }) => ({ image: context.image as File }),
    onDone: {
      target: 'saving',
      actions: {
        type: 'keepPicture',
        params: ({ event }: { event: { output: string } }) => ({ picture: event.output }),
      },
    },
    onError: uploadFailed,
  },
} as const;
