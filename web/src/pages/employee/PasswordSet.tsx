import { AppPage } from '../../components/AppPage';
import { SectionCard } from '../../components/SectionCard';
import { ChangePasswordForm } from '../account/ChangePasswordForm';

export default function PasswordSet() {
  return (
    <AppPage title="Change Password" description="Choose a new password for your employee account." size="md">
      <SectionCard title="Password" description="After a change, your other devices are signed out.">
        <ChangePasswordForm />
      </SectionCard>
    </AppPage>
  );
}
