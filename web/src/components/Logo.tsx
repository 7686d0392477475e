import { Group, Text, ThemeIcon } from '@mantine/core';
import { PRODUCT_NAME } from '@punchclock/contract';
import { IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Logo({ to, inverted = false }: { to: string; inverted?: boolean }) {
  return (
    <Link to={to} aria-label={`${PRODUCT_NAME} home`} style={{ textDecoration: 'none' }}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant={inverted ? 'white' : 'filled'}>
          <IconClockHour4 size={22} stroke={2.2} />
        </ThemeIcon>
        <Text fw={800} fz={20} c={inverted ? 'white' : 'dark.8'} lts={-0.3}>
          {PRODUCT_NAME}
        </Text>
      </Group>
    </Link>
  );
}
