import { useRef, useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { formatPrice } from '@/lib/format.ts';
import type { BookableProduct, Buyer } from '../machines/booking-machine.ts';

/** Name, e-mail and price are read-only; phone and address are free text (spec section 5). */
export function BookingModal({
  product,
  buyer,
  submitting,
  error,
  onSubmit,
  onClose,
}: {
  product: BookableProduct;
  buyer: Buyer;
  submitting: boolean;
  error: string | null;
  onSubmit: (details: { phone: string; address: string }) => void;
  onClose: () => void;
}) {
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const phoneRef = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ phone: phone.trim(), address: address.trim() });
  }

  return (
    <Modal title={product.productName} onClose={onClose} initialFocus={phoneRef}>
      <form className="booking-form" onSubmit={submit}>
        <FormField label="Name">
          <input type="text" value={buyer.name} readOnly />
        </FormField>
        <FormField label="Email">
          <input type="email" value={buyer.email} readOnly />
        </FormField>
        <FormField label="Price">
          <input type="text" value={formatPrice(product.sellingPrice)} readOnly />
        </FormField>
        <FormField label="Phone">
          <input
            ref={phoneRef}
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </FormField>
        <FormField label="Address">
          <input
            type="text"
            autoComplete="street-address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
        </FormField>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? 'Booking…' : 'Submit'}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
