import { Button, Group } from '@mantine/core';

/**
 * A row of period presets (This week, Last week, …) as toggle buttons: the chosen one is filled and pressed.
 * The report forms and the earnings dialog pick their periods with it.
 */
export function PresetButtons<T extends string>({
  presets,
  chosen,
  onPick,
}: {
  presets: readonly { value: T; label: string }[];
  chosen: string;
  onPick: (preset: T) => void;
}) {
  return (
    <Group gap={6} role="group" aria-label="Period">
      {presets.map((p) => (
        <Button
          key={p.value}
          size="xs"
          variant={chosen === p.value ? 'filled' : 'default'}
          aria-pressed={chosen === p.value}
          onClick={() => onPick(p.value)}
        >
          {p.label}
        </Button>
      ))}
    </Group>
  );
}
