import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ApiKeyView } from '../../api/api-keys';
import { LONG_TEXT } from '../../components/cells';
import { KeyCell, Scopes } from './ApiKeyParts';
import { ScrollTable } from '../../components/ScrollTable';

/**
 * The keys: a table on wide screens, one card per key on phones. `when` shows an instant on the account's clock;
 * `actions` is a key's Edit and Delete.
 */
export function ApiKeyList({
  keys,
  when,
  actions,
}: {
  keys: ApiKeyView[];
  when: (iso: string) => string;
  actions: (k: ApiKeyView) => ReactNode;
}) {
  const lastUsed = (k: ApiKeyView) => (k.last_used_at ? when(k.last_used_at) : 'Never');
  return (
    <>
      <Paper withBorder radius="lg" visibleFrom="md">
        <ScrollTable
          minWidth={900}
          striped
          highlightOnHover
          verticalSpacing="sm"
          data-testid="api-keys-table"
          columns={[
            'Key Name',
            'Key',
            { label: 'Created At', style: { whiteSpace: 'nowrap' } },
            { label: 'Last used', style: { whiteSpace: 'nowrap' } },
            'Scopes',
            { label: 'Actions', w: 110 },
          ]}
        >
          {keys.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td fw={500} style={LONG_TEXT}>
                {k.key_name}
              </Table.Td>
              <Table.Td maw={380} miw={240}>
                <KeyCell apiKey={k} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(k.created_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastUsed(k)}</Table.Td>
              <Table.Td>
                <Scopes scopes={k.scopes} />
              </Table.Td>
              <Table.Td>{actions(k)}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      </Paper>
      <Stack hiddenFrom="md" gap="sm">
        {keys.map((k) => (
          <Paper key={k.id} withBorder radius="lg" p="md" component="article" aria-label={k.key_name}>
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Text fw={600} style={LONG_TEXT}>
                {k.key_name}
              </Text>
              {actions(k)}
            </Group>
            <KeyCell apiKey={k} />
            <Text fz="sm" c="dimmed" mt="xs">
              Created {when(k.created_at)} · Last used {lastUsed(k)}
            </Text>
            <Group mt="xs">
              <Scopes scopes={k.scopes} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
