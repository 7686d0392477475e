import { Tooltip } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconLock } from '@tabler/icons-react';

/**
 * The lock shown beside a punch or a day of an approved pay period (docs/RULES.md#pay-periods), wherever punches
 * are listed: its why on hover and for screen readers (messages.punches.lockedHint).
 */
export function LockedMark({
  size = 14,
  label = messages.punches.lockedHint,
}: {
  size?: number;
  label?: string;
}) {
  return (
    <Tooltip label={label} multiline w={260}>
      <span
        role="img"
        aria-label={label}
        data-testid="locked-mark"
        style={{ display: 'inline-flex', verticalAlign: 'middle', color: 'var(--mantine-color-dimmed)' }}
      >
        <IconLock size={size} aria-hidden />
      </span>
    </Tooltip>
  );
}
