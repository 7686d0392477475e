import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function CustomFieldsPage() {
  return <ComingSoon title="Custom Fields" />;
}
