import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { FormError, SelectField, TextAreaField, TextField } from '@/components/ui/form-field.tsx';
import { Modal, ModalFormActions } from '@/components/ui/modal.tsx';
import { CONDITION_OPTIONS } from '@/config/constants.ts';
import { useForm } from '@/lib/use-form.ts';
import type { MyProduct } from '../api/my-products.ts';
import { editListingMachine } from '../machines/edit-listing-machine.ts';
import type { ListingEdit } from '../machines/listing-form.ts';
import { PictureField } from './picture-field.tsx';
import { validateListingEdit, type ListingEditValues } from './product-form-validation.ts';

/** What the form changes in the listing: only the fields that differ from it now. */
function changesOf(product: MyProduct, values: ListingEditValues): ListingEdit {
  const changes: ListingEdit = {};
  const price = Number(values.sellingPrice);
  if (price !== product.sellingPrice) changes.sellingPrice = price;
  if (values.condition !== product.condition) changes.condition = values.condition;
  const about = values.about.trim();
  if (about !== product.about) changes.about = about;
  return changes;
}

/** Price, condition, description and picture of one listing; the server's refusal stays shown. */
export function EditListingModal({
  product,
  onClose,
  machine = editListingMachine,
}: {
  product: MyProduct;
  onClose: () => void;
  machine?: typeof editListingMachine;
}) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const edit = useActorRef(
    machine.provide({ actions: { listingSaved: () => onCloseRef.current() } }),
    { input: { productId: product._id, productName: product.productName } },
  );
  const step = useSelector(edit, (state) => state.value);
  const serverError = useSelector(edit, (state) => state.context.error);
  const [unchanged, setUnchanged] = useState(false);
  const form = useForm<ListingEditValues>(
    {
      sellingPrice: String(product.sellingPrice),
      condition: product.condition,
      about: product.about,
      image: null,
    },
    validateListingEdit,
  );
  const busy = step === 'uploadingImage' || step === 'saving';

  function send(values: ListingEditValues) {
    const changes = changesOf(product, values);
    const nothing = Object.keys(changes).length === 0 && !values.image;
    setUnchanged(nothing);
    if (!nothing) edit.send({ type: 'listing.submit', changes, image: values.image });
  }

  return (
    <Modal title={`Edit ${product.productName}`} onClose={onClose}>
      <form
        ref={form.formRef}
        className="edit-listing-form"
        onSubmit={form.onSubmit(send)}
        noValidate
      >
        <TextField
          label="Selling price ($)"
          type="number"
          min="0"
          inputMode="decimal"
          {...form.field('sellingPrice')}
        />
        <SelectField label="Condition" options={CONDITION_OPTIONS} {...form.field('condition')} />
        <TextAreaField label="About" rows={4} {...form.field('about')} />
        <PictureField
          label="New picture"
          hint="PNG, JPEG or WebP, up to 15 MB; none keeps the current picture"
          error={form.errors.image}
          onChange={(image) => form.setValue('image', image)}
        />
        <FormError
          message={unchanged ? 'Nothing to save: change a field or choose a picture.' : serverError}
        />
        <ModalFormActions
          submitLabel={
            step === 'uploadingImage'
              ? 'Uploading image…'
              : step === 'saving'
                ? 'Saving…'
                : 'Save changes'
          }
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
