import { TextField } from '@/components/ui/form-field.tsx';
import { Modal, ModalFormActions } from '@/components/ui/modal.tsx';
import { useForm, type FieldErrors } from '@/lib/use-form.ts';
import type { EmulatedGoogleAccount } from '../machines/sign-in-machine.ts';

const validate = (account: EmulatedGoogleAccount): FieldErrors<EmulatedGoogleAccount> =>
  account.email.trim() === '' ? { email: 'Email Address is required' } : {};

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
  const form = useForm({ email: '', name: '' }, validate);
  return (
    <Modal title="Sign in with Google (Auth emulator)" onClose={onClose}>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={form.onSubmit(({ email, name }) =>
          onSubmit({ email: email.trim(), name: name.trim() || email.trim() }),
        )}
      >
        <p className="form-field__hint">
          The emulator stands in for Google: any e-mail signs in as a Google account.
        </p>
        <TextField
          label="Google email"
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <TextField label="Display name" autoComplete="name" {...form.field('name')} />
        <ModalFormActions submitLabel="Sign in with Google.com" onCancel={onClose} />
      </form>
    </Modal>
  );
}
