import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuickLogout } from '../session/quickLogout';
import { homeOf, useSession } from '../session/session';

/** The public top bar of a signed-in visitor: the stored username, a dropdown holding Logout. */
export default function PublicAccountMenu() {
  const { user, username } = useSession();
  const logout = useQuickLogout();
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
