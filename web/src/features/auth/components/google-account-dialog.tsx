import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import type { EmulatedGoogleAccount } from '../machines/auth-machine.ts';

/**
 * The Auth emulator's Google account chooser, inside the app: Firebase's popup needs Google's
 * gapi script from the internet, which the embedded profile never reaches.
 */
export function GoogleAccountDialog({
  onSubmit,
  onClose,
}: {
  onSubmit: (account: EmulatedGoogleAccount) => void;
  onClose: () => void;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '') {
      setError('Email Address is required');
      return;
    }
    onSubmit({ email: email.trim(), name: name.trim() || email.trim() });
  }

  return (
    <Modal title="Sign in with Google (Auth emulator)" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="form-field__hint">
          The emulator stands in for Google: any e-mail signs in as a Google account.
        </p>
        <FormField label="Google email" error={error}>
          <input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <FormField label="Display name">
          <input
            type="text"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <div className="modal__actions">
          <button type="submit" className="button button--primary">
            Sign in with Google.com
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
