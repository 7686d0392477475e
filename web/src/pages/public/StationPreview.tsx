import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';

const SAMPLE = [
  { name: 'Maria Lopez', color: 'lime', dept: 'Front Desk', time: '08:02', in: true },
  { name: 'James Carter', color: 'violet', dept: 'Warehouse', time: '07:55', in: true },
  { name: 'Aisha Khan', color: 'orange', dept: 'Kitchen', time: '06:30', in: false },
  { name: 'Tom Becker', color: 'cyan', dept: 'Delivery', time: '08:15', in: true },
];

/** A drawn sample of a time station screen for the marketing pages (no real data). */
export function StationPreview() {
  return (
    <Paper
      radius="xl"
      p="lg"
      shadow="xl"
      maw={460}
      mx="auto"
      aria-label="Sample time station screen"
      role="img"
    >
      <Group justify="space-between" mb="md">
        <Stack gap={0}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Front entrance
          </Text>
          <Text fz={36} fw={800} c="dark.8" lh={1.1}>
            08:17
          </Text>
        </Stack>
        <Badge color="green" variant="light" size="lg">
          3 in · 1 out
        </Badge>
      </Group>
      <Stack gap="xs">
        {SAMPLE.map((e) => (
          <Group
            key={e.name}
            justify="space-between"
            p="xs"
            bg="gray.0"
            style={{ borderRadius: 10 }}
            wrap="nowrap"
          >
            <Group gap="sm" wrap="nowrap">
              {/* Initials drawn with ThemeIcon (already loaded by the logo), not Avatar. */}
              <ThemeIcon color={e.color} variant="light" radius="xl" size={34} fz="sm" fw={700} aria-hidden>
                {e.name
                  .split(' ')
                  .map((w) => w[0])
                  .join('')}
              </ThemeIcon>
              <div>
                <Text fz="sm" fw={600} c="dark.8">
                  {e.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {e.dept}
                </Text>
              </div>
            </Group>
            <Badge color={e.in ? 'green' : 'gray'} variant="dot">
              {e.in ? `In ${e.time}` : `Out ${e.time}`}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
