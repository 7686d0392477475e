import { ActionIcon, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { PIN_MAX_LENGTH } from '@punchclock/contract';
import { IconBackspace } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/** An on-screen PIN pad (tablets have no keyboard); the digits also arrive from a real keyboard, Enter submits. */
export function PinPad({
  value,
  onChange,
  onSubmit,
}: {
  value: string;
  onChange: (pin: string) => void;
  onSubmit?: () => void;
}) {
  const press = (d: string) => value.length < PIN_MAX_LENGTH && onChange(value + d);
  const pad = useRef<HTMLDivElement>(null);
  // A keyboard types on the pad too: digits and Backspace, wherever the focus is but a text field (the Employee
  // ID's own typing stays there). The pad takes the focus when it appears, after Enter on the Employee ID.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (
        t?.closest('input, textarea, select, [contenteditable="true"]') ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey
      )
        return;
      if (/^\d$/.test(e.key)) {
        e.preventDefault();
        press(e.key);
      } else if (e.key === 'Backspace') {
        e.preventDefault();
        onChange(value.slice(0, -1));
      } else if (e.key === 'Enter' && onSubmit && !t?.closest('button')) {
        e.preventDefault();
        onSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  useEffect(() => {
    pad.current?.focus();
  }, []);
  return (
    <div ref={pad} tabIndex={-1} style={{ outline: 'none' }}>
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
        <Button size="lg" variant="subtle" px={0} onClick={() => onChange('')}>
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
