import { useActorRef, useSelector } from '@xstate/react';
import { reportMachine } from '../machines/report-machine.ts';

/** The red 'Report' button: a product goes from normal to reported (spec section 4). */
export function ReportButton({
  productId,
  reported,
  machine = reportMachine,
}: {
  productId: string;
  reported: boolean;
  machine?: typeof reportMachine;
}) {
  const report = useActorRef(machine, { input: { productId, alreadyReported: reported } });
  const reporting = useSelector(report, (state) => state.matches('reporting'));
  const done = useSelector(report, (state) => state.matches('reported'));
  return (
    <button
      type="button"
      className="button button--danger"
      disabled={reporting || done}
      onClick={() => report.send({ type: 'report.submit' })}
    >
      {done ? 'Reported' : reporting ? 'Reporting…' : 'Report'}
    </button>
  );
}
