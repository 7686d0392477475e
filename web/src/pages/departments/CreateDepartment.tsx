import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function CreateDepartment() {
  return <ComingSoon title="Create Department" />;
}
