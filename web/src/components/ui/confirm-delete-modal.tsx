import { Modal } from './modal.tsx';

/** Spec section 4: every delete asks first. */
export function ConfirmDeleteModal({
  onConfirm,
  onCancel,
  busy = false,
}: {
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <Modal title="Are you sure you want to delete?" onClose={onCancel} role="alertdialog">
      <div className="modal__actions">
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          Delete
        </button>
        <button type="button" className="button button--outline" onClick={onCancel}>
          cancel!
        </button>
      </div>
    </Modal>
  );
}
