import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function CreateCustomField() {
  return <ComingSoon title="Create Custom Field" />;
}
