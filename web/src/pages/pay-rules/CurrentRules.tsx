import { Badge, Stack, Table, Text } from '@mantine/core';
import { hoursText, PAY_RULE_FIELDS, type StoredPayRuleVersion } from '@punchclock/contract';
import { SectionCard } from '../../components/SectionCard';
import { FIELD_LABELS, presetLabel } from './pay-rules-form';
import { useDateText } from './use-date-text';

/** A rule's value as the current-rules table shows it. */
function ruleText(field: (typeof PAY_RULE_FIELDS)[number], v: StoredPayRuleVersion['rules']): string {
  const value = v[field];
  if (field === 'auto_breaks')
    return v.auto_breaks.length
      ? v.auto_breaks.map((t) => `${t.break_minutes} min over ${hoursText(t.after_minutes)} h`).join('; ')
      : 'None';
  if (value === null) return 'Off';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field.endsWith('multiplier')) return `${String(value)}×`;
  return `${String(value)} min`;
}

/** The version in force today and every version, newest effective day first. */
export function CurrentRules({
  current,
  history,
}: {
  current: StoredPayRuleVersion | null;
  history: StoredPayRuleVersion[];
}) {
  const date = useDateText();
  return (
    <Stack gap="lg">
      <SectionCard
        title="Current rules"
        description={
          current
            ? `${presetLabel(current.preset)}, in force from ${date(current.effective_from)}.`
            : 'None set yet: every paid minute is regular.'
        }
      >
        {current && (
          <Table fz="sm" withTableBorder data-testid="current-rules">
            <Table.Tbody>
              {PAY_RULE_FIELDS.map((f) => (
                <Table.Tr key={f}>
                  <Table.Th scope="row" fw={500}>
                    {FIELD_LABELS[f]}
                  </Table.Th>
                  <Table.Td>
                    {ruleText(f, current.rules)}
                    {f in current.overrides && (
                      <Badge ml={6} size="xs" variant="light" color="grape">
                        changed
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </SectionCard>
      <SectionCard title="History" description="Each version applies from its day until the next one.">
        {history.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No versions saved yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={280}>
            <Table fz="sm" striped withTableBorder data-testid="rules-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Effective from</Table.Th>
                  <Table.Th>Preset</Table.Th>
                  <Table.Th>Changed fields</Table.Th>
                  <Table.Th>Saved by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.map((h) => (
                  <Table.Tr key={h.effective_from}>
                    <Table.Td>
                      {date(h.effective_from)}
                      {current?.effective_from === h.effective_from && (
                        <Badge ml={6} size="xs" variant="light" tt="none">
                          in force
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{presetLabel(h.preset)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {Object.keys(h.overrides).join(', ') || '—'}
                    </Table.Td>
                    <Table.Td>{h.created_by ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </SectionCard>
    </Stack>
  );
}
