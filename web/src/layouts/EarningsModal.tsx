import { Alert, Button, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { EARNINGS_PERIODS, messages, periodProblem } from '@punchclock/contract';
import { useMediaQuery } from '@mantine/hooks';
import { PeriodInputs } from '../components/PeriodInputs';
import { PresetButtons } from '../components/PresetButtons';
import { keyLabel, PeriodTab, type Tab, TAB_LABELS, Totals } from './EarningsTables';
import { PRESETS, useEarningsDialog } from './useEarningsDialog';

/**
 * Earnings and deductions (docs/RULES.md#earnings-rounding): the signed-in employee's pay by day, week and
 * month over a period they pick, with totals, from POST /api/with-deductions (the time engine's figures).
 * Only offered to employees allowed to view pay information; the server refuses the others.
 */
export function EarningsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const d = useEarningsDialog(opened);
  const { earnings, dateFormat } = d;
  // On a phone the dialog takes the whole screen: its tables have room to scroll.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Earnings and Deductions"
      size="xl"
      centered
      fullScreen={phone}
    >
      {d.employeeId === '' ? (
        <Alert color="red" role="alert">
          {messages.deductions.noEmployeeId}
        </Alert>
      ) : (
        <Stack gap="md">
          <PresetButtons presets={PRESETS} chosen={d.preset} onPick={d.pick} />
          <Group
            align="flex-end"
            gap="xs"
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              d.showDraft();
            }}
          >
            <PeriodInputs
              size="xs"
              value={d.draft}
              onChange={(end, date) => d.setDraft((old) => ({ ...old, [end]: date }))}
              errors={{ end_date: periodProblem(d.draft.start_date, d.draft.end_date) }}
            />
            <Button type="submit" size="xs" variant="light" disabled={!d.customValid}>
              Show
            </Button>
          </Group>

          {earnings.isPending ? (
            <Group justify="center" py="xl" gap="xs">
              <Loader size="sm" aria-label="Loading earnings" />
              <Text c="dimmed">Loading...</Text>
            </Group>
          ) : earnings.isError ? (
            <Alert color="red" role="alert">
              {d.failure}
            </Alert>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {keyLabel('daily', earnings.data.start_date, dateFormat)} –{' '}
                {keyLabel('daily', earnings.data.end_date, dateFormat)}
              </Text>
              <Totals data={earnings.data} />
              <Tabs value={d.tab} onChange={(v) => v && d.setTab(v as Tab)}>
                <Tabs.List grow>
                  {EARNINGS_PERIODS.map((p) => (
                    <Tabs.Tab key={p} value={p}>
                      {TAB_LABELS[p]}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                {EARNINGS_PERIODS.map((p) => (
                  <Tabs.Panel key={p} value={p} pt="md">
                    <PeriodTab data={earnings.data} tab={p} dateFormat={dateFormat} />
                  </Tabs.Panel>
                ))}
              </Tabs>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
