import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function ManualUserPunch() {
  return <ComingSoon title="Manual Punch" />;
}
