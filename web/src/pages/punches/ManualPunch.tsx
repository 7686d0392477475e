import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function ManualPunch() {
  return <ComingSoon title="Manual Punch" />;
}
