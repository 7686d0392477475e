import { ReportParamForm } from './ReportParamForm';
import { ReportView } from './ReportView';
import { useRunReport } from './useRunReport';

/**
 * Run Report (docs/ARCHITECTURE.md, "How to add a report"): pick a report, fill the parameters it reads
 * (generated from the contract's registry), run it, read the results page by page, export the
 * whole run as CSV, Excel or PDF. /attendance opens it on Daily Summary.
 */
export function ReportRunner({
  initialReport,
  title = 'Run Report',
}: {
  initialReport?: string;
  title?: string;
}) {
  const r = useRunReport(initialReport);
  return (
    <ReportView
      title={title}
      description="Choose a report, set its parameters and run it; export the result as CSV, Excel or PDF."
      runner={r.runner}
      current={r.current}
      formats={r.formats}
      picker={r.picker}
      onSubmit={r.submit}
    >
      {r.report && (
        <ReportParamForm
          report={r.report}
          values={r.values}
          onChange={r.change}
          preset={r.preset}
          onPreset={r.pickPreset}
          errors={r.errors}
        />
      )}
    </ReportView>
  );
}

export default function RunReport() {
  return <ReportRunner />;
}
