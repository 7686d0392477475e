import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function EmployeeCard() {
  return <ComingSoon title="Employee Card" />;
}
