import { useState } from 'react';
import { ConfirmDeleteModal } from './confirm-delete-modal.tsx';

/**
 * 'Delete' that asks first (spec section 4): `onDelete` runs only after the confirmation, which
 * closes once it has settled (its own toast says how it went).
 */
export function DeleteButton({ onDelete }: { onDelete: () => Promise<unknown> }) {
  const [step, setStep] = useState<'idle' | 'asking' | 'deleting'>('idle');
  return (
    <>
      <button
        type="button"
        className="button button--small button--danger"
        onClick={() => setStep('asking')}
      >
        Delete
      </button>
      {step !== 'idle' && (
        <ConfirmDeleteModal
          busy={step === 'deleting'}
          onCancel={() => setStep('idle')}
          onConfirm={() => {
            setStep('deleting');
            void onDelete().finally(() => setStep('idle'));
          }}
        />
      )}
    </>
  );
}
