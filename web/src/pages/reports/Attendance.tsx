import { ReportRunner } from './RunReport';

/** Employee Attendance: the Run Report page opened on Daily Summary. */
export default function Attendance() {
  return <ReportRunner initialReport="Daily Summary" title="Employee Attendance" />;
}
