import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** What gets focus on open; the browser's choice (the first focusable element) otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
};

/**
 * A modal dialog on the platform's `<dialog>`: `showModal()` makes the rest of the page inert (so
 * focus and screen readers stay inside) and turns Escape into a `cancel` event; a click on the
 * backdrop closes it too, and focus returns to what had it before.
 */
export function Modal({ title, onClose, children, initialFocus, role = 'dialog' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, [initialFocus]);

  return createPortal(
    <dialog
      ref={dialogRef}
      className="modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      // Escape: the parent decides (it unmounts the dialog), the browser does not close it alone.
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      // The dialog's own box is its content's; a click landing on the dialog itself is outside it.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className="modal__content">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}

/** A form dialog's buttons: the primary one submits the form, Cancel closes the dialog. */
export function ModalFormActions({
  submitLabel,
  busy = false,
  onCancel,
}: {
  submitLabel: string;
  busy?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="modal__actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" className="button button--outline" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
