import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function ImportEmployees() {
  return <ComingSoon title="Import Employees" />;
}
