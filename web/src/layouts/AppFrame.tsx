import { AppShell, Burger, Container, Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Logo } from '../components/Logo';
import classes from './AppFrame.module.css';

export interface NavItem {
  label: string;
  to: string;
  /** Other pages of the same section, where the link shows as current too (Reports on /RunReport). */
  also?: readonly string[];
}

interface AppFrameProps {
  home: string;
  links: NavItem[];
  /** Right side of the top bar (login button, account menu). */
  actions: ReactNode;
  /** Extra entries after the links (e.g. a button opening a dialog), drawn for the bar or the mobile menu. */
  extraLinks?: (place: 'bar' | 'menu') => ReactNode;
  mainBg?: string;
  children: ReactNode;
}

function isActive({ to, also = [] }: NavItem, pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (to === '/') return path === '/';
  return [to, ...also].some((t) => path === t.toLowerCase() || path.startsWith(`${t.toLowerCase()}/`));
}

/** The top bar shared by the three layouts; below `md` its links move into a burger menu. */
export function AppFrame({ home, links, actions, extraLinks, mainBg, children }: AppFrameProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // Spec §2.1: menus close on route change.
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { desktop: true, mobile: !opened } }}
    >
      <AppShell.Header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label="Toggle navigation"
              />
              <Logo to={home} />
            </Group>
            <Group gap={2} visibleFrom="md" component="nav" aria-label="Main">
              {links.map((l) => (
                <NavLink key={l.to} to={l.to} end={l.to === '/'} className={classes.link}>
                  {l.label}
                </NavLink>
              ))}
              {extraLinks?.('bar')}
            </Group>
            <Group gap="sm" wrap="nowrap">
              {actions}
            </Group>
          </Group>
        </Container>
      </AppShell.Header>

      <AppShell.Navbar p="sm" hiddenFrom="md" aria-label="Mobile menu">
        {/* Rendered only while open, so the links are not listed twice to assistive technology. */}
        {opened && (
          <Stack gap={2}>
            {links.map((l) => (
              <MantineNavLink
                key={l.to}
                component={NavLink}
                to={l.to}
                end={l.to === '/'}
                label={l.label}
                active={isActive(l, pathname)}
                fw={500}
              />
            ))}
            {extraLinks?.('menu')}
          </Stack>
        )}
      </AppShell.Navbar>

      <AppShell.Main bg={mainBg} mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
