import { useActorRef, useSelector } from '@xstate/react';
import { reportMachine } from '../machines/report-machine.ts';
import { ReportModal } from './report-modal.tsx';

/**
 * The red 'Report' button (spec section 4): it opens the form asking why. Each user reports a
 * listing once until an admin closes their report; others' reports do not stop them.
 */
export function ReportButton({
  productId,
  productName,
  machine = reportMachine,
}: {
  productId: string;
  productName: string;
  machine?: typeof reportMachine;
}) {
  const report = useActorRef(machine, { input: { productId } });
  const open = useSelector(report, (state) => state.matches('choosing'));
  const reporting = useSelector(report, (state) => state.matches('reporting'));
  const done = useSelector(report, (state) => state.matches('reported'));
  const error = useSelector(report, (state) => state.context.error);
  return (
    <>
      <button
        type="button"
        className="button button--danger"
        disabled={reporting || done}
        onClick={() => report.send({ type: 'report.open' })}
      >
        {done ? 'Reported' : reporting ? 'Reporting…' : 'Report'}
      </button>
      {(open || reporting) && (
        <ReportModal
          productName={productName}
          submitting={reporting}
          error={error}
          onSubmit={(chosen) => report.send({ type: 'report.submit', report: chosen })}
          onClose={() => report.send({ type: 'report.cancel' })}
        />
      )}
    </>
  );
}
