import { Box, Burger, Container, Group, Stack } from '@mantine/core';
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

  // A fixed top bar, the mobile menu under it and the page below: what Mantine's AppShell drew here,
  // without its resizing, asides and scroll locking (about 11 kB gzip on every first load).
  return (
    <>
      <header className={classes.header}>
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
      </header>

      {/* Rendered only while open, so the links are not listed twice to assistive technology. */}
      {opened && (
        <Box component="nav" className={classes.mobileNav} hiddenFrom="md" p="sm" aria-label="Mobile menu">
          <Stack gap={2}>
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={l.to === '/'}
                className={classes.menuLink}
                data-active={isActive(l, pathname) || undefined}
              >
                {l.label}
              </NavLink>
            ))}
            {extraLinks?.('menu')}
          </Stack>
        </Box>
      )}

      <Box component="main" className={classes.main} bg={mainBg}>
        {children}
      </Box>
    </>
  );
}
