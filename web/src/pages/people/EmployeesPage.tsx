import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function EmployeesPage() {
  return <ComingSoon title="Employees" />;
}
