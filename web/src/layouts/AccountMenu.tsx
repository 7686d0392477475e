import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useProfilePicture } from '../api/auth';
import { useLogout } from '../session/logout';

export interface MenuLink {
  label: string;
  to: string;
  icon: ReactNode;
}

/**
 * The avatar + name menu of the signed-in areas; its last entry is the server-side Logout
 * (session/logout.ts).
 */
export function AccountMenu({ name, links }: { name: string; links: MenuLink[] }) {
  const picture = useProfilePicture();
  const { logout, busy } = useLogout();
  // The dropdown's portal is mounted once the visitor comes near the button (pointer, focus, touch), not on
  // the page's first render: Mantine's Portal sets state in a layout effect, which made React re-render and
  // run every passive effect of the page inside the first commit's task (Lighthouse's total blocking time).
  // By the time the menu opens, the portal is there and the dropdown fades in as before; a click with none
  // of these first (a screen reader's) opens it in the portal too, only without the first fade.
  const [near, setNear] = useState(false);
  const comeNear = () => setNear(true);
  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal={near}>
      <Menu.Target>
        {/* Named by what it shows, the name, then "Open profile menu" for screen readers only: an
            aria-label would have to repeat the visible text (WCAG 2.5.3, label in name). The initials are
            decoration. */}
        <UnstyledButton
          py={4}
          px={6}
          style={{ borderRadius: 999 }}
          onPointerEnter={comeNear}
          onPointerDown={comeNear}
          onFocus={comeNear}
          onClick={comeNear}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar
              src={picture.data ?? null}
              name={name}
              color="initials"
              size={34}
              radius="xl"
              alt=""
              aria-hidden
            />
            <Text fw={600} fz="sm" visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <VisuallyHidden>Open profile menu</VisuallyHidden>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        {links.map((l) => (
          <Menu.Item key={l.to} component={Link} to={l.to} leftSection={l.icon}>
            {l.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* Stays open so the visitor sees "Logging out..." while the server answers. */}
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          closeMenuOnClick={false}
          disabled={busy}
          onClick={logout}
        >
          {busy ? messages.logout.busy : 'Logout'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
