import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: replaced by the real screen. */
export default function SettingsPage() {
  return <ComingSoon title="Settings" />;
}
