import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function DepartmentDetail() {
  return <ComingSoon title="Department Details" />;
}
