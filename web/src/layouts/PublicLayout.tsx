import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { useQuickLogout } from '../session/quickLogout';
import { homeOf, useSession } from '../session/session';
import { AppFrame, type NavItem } from './AppFrame';
import { PublicFooter } from './PublicFooter';

const LINKS: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'How it Works', to: '/HowItWork' },
  { label: 'Pricing', to: '/Pricing' },
  { label: 'Signup', to: '/SignUp' },
  { label: 'Download', to: '/Download' },
];

/** Spec §2.1: a Login button, or the stored username with a dropdown holding Logout. */
function AccountArea() {
  const { token, user, username } = useSession();
  const logout = useQuickLogout();
  if (!token || !username) {
    return (
      <Button component={Link} to="/Login" radius="xl" px="lg">
        Login
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <Button
          variant="default"
          radius="xl"
          rightSection={<IconChevronDown size={14} />}
          leftSection={<IconUserCircle size={18} />}
          maw={220}
        >
          {username}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Item component={Link} to={homeOf(user.user_type)}>
            My dashboard
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function PublicLayout() {
  return (
    <AppFrame home="/" links={LINKS} actions={<AccountArea />}>
      <Outlet />
      <PublicFooter />
    </AppFrame>
  );
}
