import { useRef } from 'react';
import { Modal } from './modal.tsx';

/** Asks before a step that cannot be undone; focus starts on Cancel, the safe answer. */
export function ConfirmModal({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" initialFocus={cancelRef}>
      <p>{message}</p>
      <div className="modal__actions">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
