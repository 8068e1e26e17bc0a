import { useId, useRef, useState, type FormEvent } from 'react';
import { FormError, FormField } from '@/components/ui/form-field.tsx';
import { Modal, ModalFormActions } from '@/components/ui/modal.tsx';
import { reportReasons, type ReportReason } from '@/lib/report-reasons.ts';
import { maxReportDetails, type Report } from '../api/report-product.ts';

/** Why the user reports the listing: one reason of the list, a short text with 'Other'. */
export function ReportModal({
  productName,
  submitting,
  error,
  onSubmit,
  onClose,
}: {
  productName: string;
  submitting: boolean;
  error: string | null;
  onSubmit: (report: Report) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const groupName = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason === null) return setMissing('Choose a reason');
    const words = details.trim();
    if (reason === 'other' && words.length === 0) return setMissing('Say what is wrong');
    setMissing(null);
    onSubmit(reason === 'other' ? { reason, details: words } : { reason });
  }

  return (
    <Modal title={`Report ${productName}`} onClose={onClose} initialFocus={firstReason}>
      <form className="report-form" onSubmit={submit}>
        <fieldset className="report-form__reasons">
          <legend>Why are you reporting this listing?</legend>
          {reportReasons.map((option, index) => (
            <label key={option.value} className="report-form__reason">
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name={groupName}
                value={option.value}
                checked={reason === option.value}
                onChange={() => setReason(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        {reason === 'other' && (
          <FormField label="What is wrong?" hint={`Up to ${maxReportDetails} characters`}>
            <textarea
              maxLength={maxReportDetails}
              rows={3}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
          </FormField>
        )}
        <FormError message={missing ?? error} />
        <ModalFormActions
          submitLabel={submitting ? 'Reporting…' : 'Report'}
          busy={submitting}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
