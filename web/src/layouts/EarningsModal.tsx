import { Modal, Tabs, Text, ThemeIcon, Stack } from '@mantine/core';
import { EARNINGS_PERIODS } from '@punchclock/contract';
import { IconCoin } from '@tabler/icons-react';

const TAB_LABELS: Record<(typeof EARNINGS_PERIODS)[number], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** Earnings and deductions by period (spec §2.2); the figures arrive with the punches work. */
export function EarningsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Earnings and Deductions" size="lg" centered>
      <Tabs defaultValue="daily">
        <Tabs.List grow>
          {EARNINGS_PERIODS.map((p) => (
            <Tabs.Tab key={p} value={p}>
              {TAB_LABELS[p]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {EARNINGS_PERIODS.map((p) => (
          <Tabs.Panel key={p} value={p} pt="lg">
            <Stack align="center" gap="xs" py="lg">
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconCoin size={26} />
              </ThemeIcon>
              <Text fw={500}>No {TAB_LABELS[p].toLowerCase()} earnings yet</Text>
              <Text size="sm" c="dimmed" ta="center">
                Earnings and deductions appear here once your punches are recorded.
              </Text>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
