import { useRef, useState, type FormEvent } from 'react';
import { FormError, FormField } from '@/components/ui/form-field.tsx';
import { Modal } from '@/components/ui/modal.tsx';

/** The most an admin writes for an action; the server refuses more. */
export const maxReasonLength = 300;

/**
 * Asks an admin why before they act on a case: the seller and the audit read the reason. A
 * delete keeps the spec's confirmation (its title and 'cancel!').
 */
export function ReasonModal({
  title,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const words = reason.trim();
    if (words.length === 0) return setMissing(true);
    onConfirm(words);
  }

  return (
    <Modal
      title={title}
      onClose={onCancel}
      role={danger ? 'alertdialog' : 'dialog'}
      initialFocus={reasonRef}
    >
      <form className="reason-form" onSubmit={submit}>
        <FormField label="Reason" hint={`Up to ${maxReasonLength} characters`}>
          <textarea
            ref={reasonRef}
            rows={3}
            maxLength={maxReasonLength}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormField>
        <FormError message={missing ? 'Give a reason' : null} />
        <div className="modal__actions">
          <button
            type="submit"
            className={danger ? 'button button--danger' : 'button button--primary'}
            disabled={busy}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button button--outline" onClick={onCancel}>
            {cancelLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
