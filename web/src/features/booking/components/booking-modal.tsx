import { useRef, useState, type FormEvent } from 'react';
import { FormError, TextField } from '@/components/ui/form-field.tsx';
import { Modal, ModalFormActions } from '@/components/ui/modal.tsx';
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
        <TextField label="Name" value={buyer.name} />
        <TextField label="Email" type="email" value={buyer.email} />
        <TextField label="Price" value={formatPrice(product.sellingPrice)} />
        <TextField
          label="Phone"
          ref={phoneRef}
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={setPhone}
        />
        <TextField
          label="Address"
          autoComplete="street-address"
          value={address}
          onChange={setAddress}
        />
        <FormError message={error} />
        <ModalFormActions
          submitLabel={submitting ? 'Booking…' : 'Submit'}
          busy={submitting}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
