import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormField, useFocusFirstInvalid } from '@/components/ui/form-field.tsx';
import { CONDITION_OPTIONS } from '@/config/constants.ts';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.tsx';
import { fetchProductCategories, type CategoryOption } from '../api/seller-api.ts';
import { addProductMachine } from '../machines/add-product-machine.ts';
import {
  validateProduct,
  type ProductFormErrors,
  type ProductFormValues,
} from './product-form-validation.ts';

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
  const [values, setValues] = useState<ProductFormValues>({
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
  });
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);
  const busy = step === 'uploadingImage' || step === 'saving';

  const set =
    (field: Exclude<keyof ProductFormValues, 'image'>) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateProduct(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || !values.image) return;
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
      <form ref={formRef} className="product-form" onSubmit={submit} noValidate>
        <FormField label="Seller name" error={errors.sellerName}>
          <input type="text" value={values.sellerName} onChange={set('sellerName')} />
        </FormField>
        <FormField label="Product name" error={errors.productName}>
          <input type="text" value={values.productName} onChange={set('productName')} />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <input type="email" value={values.email} onChange={set('email')} />
        </FormField>
        <FormField label="Product image" error={errors.image} hint="PNG, JPEG or WebP, up to 5 MB">
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) =>
              setValues((current) => ({ ...current, image: event.target.files?.[0] ?? null }))
            }
          />
        </FormField>
        <FormField
          label="Category"
          error={errors.Brand}
          hint={
            categories.status === 'loading'
              ? 'Loading categories…'
              : categories.status === 'error'
                ? `Categories could not be loaded: ${categories.message}`
                : undefined
          }
        >
          <select value={values.Brand} onChange={set('Brand')}>
            <option value="">Choose a category</option>
            {categories.status === 'ready' &&
              categories.options.map((category) => (
                <option key={category._id} value={category.title}>
                  {category.title}
                </option>
              ))}
          </select>
        </FormField>
        <FormField label="Condition" error={errors.condition}>
          <select value={values.condition} onChange={set('condition')}>
            {CONDITION_OPTIONS.map((condition) => (
              <option key={condition} value={condition}>
                {condition}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Buying price ($)" error={errors.buyingPrice}>
          <input
            type="number"
            min="0"
            inputMode="decimal"
            value={values.buyingPrice}
            onChange={set('buyingPrice')}
          />
        </FormField>
        <FormField label="Selling price ($)" error={errors.sellingPrice}>
          <input
            type="number"
            min="0"
            inputMode="decimal"
            value={values.sellingPrice}
            onChange={set('sellingPrice')}
          />
        </FormField>
        <FormField label="Years used" error={errors.year}>
          <input
            type="number"
            min="0"
            inputMode="numeric"
            value={values.year}
            onChange={set('year')}
          />
        </FormField>
        <FormField label="Phone" error={errors.phone}>
          <input type="tel" value={values.phone} onChange={set('phone')} />
        </FormField>
        <FormField label="Address" error={errors.address}>
          <input type="text" value={values.address} onChange={set('address')} />
        </FormField>
        <FormField label="About" error={errors.about}>
          <textarea rows={4} value={values.about} onChange={set('about')} />
        </FormField>
        {serverError && (
          <p className="form-error" role="alert">
            {serverError}
          </p>
        )}
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
