import { Button } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useSession } from '../session/session';
import { AppFrame, type NavItem } from './AppFrame';
import { PublicFooter } from './PublicFooter';

const LINKS: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'How it Works', to: '/HowItWork' },
  { label: 'Pricing', to: '/Pricing' },
  { label: 'Signup', to: '/SignUp' },
  { label: 'Download', to: '/Download' },
];

// Menu and its floating-ui positioning weigh more than the rest of the public frame: a visitor
// who is not signed in (most of them) never loads them.
const PublicAccountMenu = lazy(() => import('./PublicAccountMenu'));

/** Spec §2.1: a Login button, or the stored username with a dropdown holding Logout. */
function AccountArea() {
  const { token, username } = useSession();
  if (!token || !username) {
    return (
      <Button component={Link} to="/Login" radius="xl" px="lg">
        Login
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <Button variant="default" radius="xl" maw={220}>
          {username}
        </Button>
      }
    >
      <PublicAccountMenu />
    </Suspense>
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
