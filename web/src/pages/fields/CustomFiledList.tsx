import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function CustomFiledList() {
  return <ComingSoon title="Custom Filed" />;
}
