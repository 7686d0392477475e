import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function CreateEmployee() {
  return <ComingSoon title="Create New Employee" />;
}
