import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function DepartmentsPage() {
  return <ComingSoon title="Departments" />;
}
