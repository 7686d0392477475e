import { SETTINGS_ROUTES } from '@punchclock/contract';
import { IconSettings, IconUser } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { useScopedAdministrator } from '../api/auth';
import { AccountMenu } from './AccountMenu';
import { AppFrame, type NavItem } from './AppFrame';
import { ModalsHost } from './ModalsHost';
import { useSignedInName } from './signed-in-name';

const LINKS: NavItem[] = [
  { label: 'Home', to: '/HomeSecond' },
  {
    label: 'Employees',
    to: '/Employee',
    also: ['/CreateNewEmployee', '/ImportEmployees', '/EmployeeCard', '/ManualPunch', '/PunchDetails'],
  },
  { label: 'Departments', to: '/Departments', also: ['/CreateDepartment', '/DepartmentsDetail'] },
  { label: 'Reports', to: '/ReportSelector', also: ['/RunReport', '/attendance'] },
  { label: 'Roll Call', to: '/RollCall' },
  { label: 'Settings', to: '/Settings', also: [...SETTINGS_ROUTES] },
  { label: 'Support', to: '/Support' },
];

const MENU = [
  { label: 'View your profile', to: '/UserProfile', icon: <IconUser size={16} /> },
  { label: 'Account Settings', to: '/Account_Setting', icon: <IconSettings size={16} /> },
];

/** The administrator's area; the guard in front of it has already checked the session. */
export default function ManagerLayout() {
  const name = useSignedInName();
  const scoped = useScopedAdministrator();
  return (
    <AppFrame
      home="/HomeSecond"
      links={scoped ? LINKS.filter((l) => l.to !== '/Settings') : LINKS}
      actions={<AccountMenu name={name} links={MENU} />}
      mainBg="gray.0"
    >
      <Outlet />
      {/* The confirm dialogs (modals.openConfirmModal) are only used in the signed-in areas. */}
      <ModalsHost />
    </AppFrame>
  );
}
