import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function PunchDetails() {
  return <ComingSoon title="Punch Details" />;
}
