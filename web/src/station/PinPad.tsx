import { ActionIcon, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { PIN_MAX_LENGTH } from '@punchclock/contract';
import { IconBackspace } from '@tabler/icons-react';

/** An on-screen PIN pad (tablets have no keyboard); the digits also arrive from a real keyboard. */
export function PinPad({ value, onChange }: { value: string; onChange: (pin: string) => void }) {
  const press = (d: string) => value.length < PIN_MAX_LENGTH && onChange(value + d);
  return (
    <div>
      <Group justify="center" gap="xs" mb="xs" aria-live="polite" aria-label="PIN">
        {Array.from({ length: PIN_MAX_LENGTH }, (_, i) => (
          <Text key={i} fz={28} fw={700} w={28} ta="center">
            {i < value.length ? '•' : '○'}
          </Text>
        ))}
      </Group>
      <SimpleGrid cols={3} spacing="xs" maw={260} mx="auto">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
          <Button key={d} size="lg" variant="default" onClick={() => press(d)} aria-label={`PIN digit ${d}`}>
            {d}
          </Button>
        ))}
        <Button size="lg" variant="subtle" onClick={() => onChange('')}>
          Clear
        </Button>
        <Button size="lg" variant="default" onClick={() => press('0')} aria-label="PIN digit 0">
          0
        </Button>
        <ActionIcon
          size={50}
          variant="subtle"
          onClick={() => onChange(value.slice(0, -1))}
          aria-label="Delete last digit"
          style={{ justifySelf: 'center' }}
        >
          <IconBackspace />
        </ActionIcon>
      </SimpleGrid>
    </div>
  );
}
