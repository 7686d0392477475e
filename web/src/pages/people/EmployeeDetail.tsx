import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function EmployeeDetail() {
  return <ComingSoon title="Employee Details" />;
}
