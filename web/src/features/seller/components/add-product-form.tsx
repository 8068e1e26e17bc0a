import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormError, SelectField, TextAreaField, TextField } from '@/components/ui/form-field.tsx';
import { CONDITION_OPTIONS } from '@/config/constants.ts';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.tsx';
import { useForm } from '@/lib/use-form.ts';
import { fetchProductCategories, type CategoryOption } from '../api/seller-api.ts';
import { addProductMachine } from '../machines/add-product-machine.ts';
import { PictureField } from './picture-field.tsx';
import { validateProduct, type ProductFormValues } from './product-form-validation.ts';

const NUMBER_FIELDS = [
  { label: 'Buying price ($)', name: 'buyingPrice', inputMode: 'decimal' },
  { label: 'Selling price ($)', name: 'sellingPrice', inputMode: 'decimal' },
  { label: 'Years used', name: 'year', inputMode: 'numeric' },
] as const;

type Categories =
  | { status: 'loading' }
  | { status: 'ready'; options: CategoryOption[] }
  | { status: 'error'; message: string };

/** The category options come from GET /addProductCategory (Samsung, Oppo, Iphone). */
function useProductCategories(): Categories {
  const [categories, setCategories] = useState<Categories>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    fetchProductCategories(abort.signal).then(
      (options) => setCategories({ status: 'ready', options }),
      (error: unknown) => {
        if (!abort.signal.aborted) setCategories({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => abort.abort();
  }, []);
  return categories;
}

export function AddProductForm({
  machine = addProductMachine,
}: {
  machine?: typeof addProductMachine;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const categories = useProductCategories();
  const addProduct = useActorRef(
    machine.provide({
      actions: { productAdded: () => void navigate(paths.dashboard.myProduct.getHref()) },
    }),
  );
  const step = useSelector(addProduct, (state) => state.value);
  const serverError = useSelector(addProduct, (state) => state.context.error);
  const form = useForm<ProductFormValues>(
    {
      sellerName: session.user?.displayName ?? '',
      productName: '',
      email: session.user?.email ?? '',
      image: null,
      Brand: '',
      condition: 'Good',
      buyingPrice: '',
      sellingPrice: '',
      year: '',
      phone: '',
      about: '',
      address: '',
    },
    validateProduct,
  );
  const busy = step === 'uploadingImage' || step === 'saving';

  function send(values: ProductFormValues) {
    if (!values.image) return;
    addProduct.send({
      type: 'product.submit',
      image: values.image,
      draft: {
        productName: values.productName.trim(),
        sellerName: values.sellerName.trim(),
        condition: values.condition,
        email: values.email.trim(),
        Brand: values.Brand,
        address: values.address.trim(),
        about: values.about.trim(),
        sellerEmail: session.user?.email ?? values.email.trim(),
        phone: values.phone.trim(),
        buyingPrice: Number(values.buyingPrice),
        sellingPrice: Number(values.sellingPrice),
        year: Number(values.year),
      },
    });
  }

  return (
    <section className="section" aria-labelledby="add-product-title">
      <h1 id="add-product-title" className="section__title">
        Add A Product
      </h1>
      <form ref={form.formRef} className="product-form" onSubmit={form.onSubmit(send)} noValidate>
        <TextField label="Seller name" {...form.field('sellerName')} />
        <TextField label="Product name" {...form.field('productName')} />
        <TextField label="Email" type="email" {...form.field('email')} />
        <PictureField
          label="Product image"
          hint="PNG, JPEG or WebP, up to 15 MB"
          error={form.errors.image}
          onChange={(image) => form.setValue('image', image)}
        />
        <SelectField
          label="Category"
          placeholder="Choose a category"
          options={
            categories.status === 'ready' ? categories.options.map((option) => option.title) : []
          }
          hint={
            categories.status === 'loading'
              ? 'Loading categories…'
              : categories.status === 'error'
                ? `Categories could not be loaded: ${categories.message}`
                : undefined
          }
          {...form.field('Brand')}
        />
        <SelectField label="Condition" options={CONDITION_OPTIONS} {...form.field('condition')} />
        {NUMBER_FIELDS.map(({ label, name, inputMode }) => (
          <TextField
            key={name}
            label={label}
            type="number"
            min="0"
            inputMode={inputMode}
            {...form.field(name)}
          />
        ))}
        <TextField label="Phone" type="tel" {...form.field('phone')} />
        <TextField label="Address" {...form.field('address')} />
        <TextAreaField label="About" rows={4} {...form.field('about')} />
        <FormError message={serverError} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {step === 'uploadingImage'
            ? 'Uploading image…'
            : step === 'saving'
              ? 'Saving…'
              : 'Add Product'}
        </button>
      </form>
    </section>
  );
}
