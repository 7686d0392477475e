import { NavLink as MantineNavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock, IconUser } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { useOwnPermissions } from '../api/auth';
import { AccountMenu } from './AccountMenu';
import { AppFrame, type NavItem } from './AppFrame';
import { ModalsHost } from './ModalsHost';
import classes from './AppFrame.module.css';
import { EarningsModal } from './EarningsModal';
import { useSignedInName } from './signed-in-name';

/** Spec §2.2's order. A link with `needs` shows only when the employee's flag allows (the server refuses too). */
const LINKS: (NavItem & { needs?: 'run_reports' })[] = [
  { label: 'Home', to: '/HomeUser' },
  { label: 'Activity', to: '/ActivityUser', also: ['/Activity', '/ActivityDetail', '/ManualUserPunch'] },
  { label: 'Reports', to: '/UserReport', needs: 'run_reports' },
  { label: 'QR Code', to: '/EmployeeQR' },
  { label: 'Support', to: '/SupportUser' },
];

const MENU = [
  { label: 'View your profile', to: '/UserProfileUser', icon: <IconUser size={16} /> },
  { label: 'Change Password', to: '/PasswordSet', icon: <IconLock size={16} /> },
];

/** The employee's area; the guard in front of it sends a visitor without a token to /Login. */
export default function EmployeeLayout() {
  const name = useSignedInName('Guest');
  const permissions = useOwnPermissions();
  const [earnings, { open, close }] = useDisclosure(false);
  const links = LINKS.filter((l) => !l.needs || permissions[l.needs]);
  // View Earnings only for employees allowed to view pay information.
  const viewEarnings = (place: 'bar' | 'menu') =>
    !permissions.view_pay_information ? null : place === 'bar' ? (
      <button type="button" className={classes.link} onClick={open}>
        View Earnings
      </button>
    ) : (
      <MantineNavLink component="button" label="View Earnings" onClick={open} fw={500} />
    );

  return (
    <AppFrame
      home="/HomeUser"
      links={links}
      extraLinks={viewEarnings}
      actions={<AccountMenu name={name} links={MENU} />}
      mainBg="gray.0"
    >
      <Outlet />
      {/* The confirm dialogs (modals.openConfirmModal) are only used in the signed-in areas. */}
      <ModalsHost />
      <EarningsModal opened={earnings} onClose={close} />
    </AppFrame>
  );
}
