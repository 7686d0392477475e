import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope, messages } from '@punchclock/contract';
import {
  IconCheck,
  IconCopy,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ApiKeyView, revealApiKey, useApiKeyMutations, useApiKeys } from '../../api/api-keys';
import { messageOf } from '../../api/client';
import { useAccountInstant } from '../../api/settings';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { openConfirm } from '../../components/confirm';
import { LONG_TEXT } from '../../components/cells';

const scopeLabel = (s: string) => API_KEY_SCOPES[s as ApiKeyScope]?.label ?? s;

function RenameModal({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const { rename } = useApiKeyMutations();
  const [name, setName] = useState(apiKey?.key_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!apiKey) return;
    // Spec §5: renaming is blocked while the name is empty.
    if (!name.trim()) {
      setError(messages.apiKeys.nameEmpty);
      notifyError(messages.apiKeys.nameEmpty);
      return;
    }
    rename.mutate(
      { id: apiKey.id, key_name: name.trim() },
      {
        onSuccess: () => {
          notifySuccess(messages.apiKeys.updated);
          onClose();
        },
        onError: (e) => notifyError(messageOf(e, messages.apiKeys.updateFailed)),
      },
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      noValidate
    >
      <Stack>
        <TextInput
          label="Key Name"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={API_KEY_NAME_MAX}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Key cell: masked until Reveal (per row); the value is asked for when Reveal is pressed. */
function KeyCell({ apiKey }: { apiKey: ApiKeyView }) {
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (value) return setValue(null);
    setBusy(true);
    try {
      setValue(await revealApiKey(apiKey.id));
    } catch (e) {
      notifyError(messageOf(e, messages.apiKeys.fetchFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Code data-testid={`key-value-${apiKey.id}`} style={{ wordBreak: 'break-all', minWidth: 0 }}>
        {value ?? apiKey.key_value}
      </Code>
      <Button
        variant="subtle"
        size="compact-sm"
        loading={busy}
        leftSection={value ? <IconEyeOff size={14} /> : <IconEye size={14} />}
        onClick={() => void toggle()}
        style={{ flexShrink: 0 }}
        aria-label={`${value ? 'Hide' : 'Reveal'} ${apiKey.key_name}`}
      >
        {value ? 'Hide' : 'Reveal'}
      </Button>
      {value && (
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy ${apiKey.key_name}`}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      )}
    </Group>
  );
}

function Scopes({ scopes }: { scopes: string[] }) {
  return (
    <Group gap={4}>
      {scopes.length === 0 && <Text fz="sm">None</Text>}
      {scopes.map((s) => (
        <Badge key={s} variant="light" size="sm" title={s}>
          {scopeLabel(s)}
        </Badge>
      ))}
    </Group>
  );
}

function KeyActions({
  apiKey,
  onEdit,
  onDelete,
}: {
  apiKey: ApiKeyView;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${apiKey.key_name}`} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Delete ${apiKey.key_name}`}
          onClick={onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * /APIKeys (docs/RULES.md#api-keys): Key Name, Key (masked until Reveal), Created At, Last used, Scopes; Edit
 * (rename) and Delete. A table on wide screens, one card per key on phones.
 */
export default function ApiKeysPage() {
  const keys = useApiKeys();
  const { remove } = useApiKeyMutations();
  const { when } = useAccountInstant();
  const [renaming, setRenaming] = useState<ApiKeyView | null>(null);
  const lastUsed = (k: ApiKeyView) => (k.last_used_at ? when(k.last_used_at) : 'Never');

  const confirmDelete = (k: ApiKeyView) =>
    openConfirm({
      title: `Delete ${k.key_name}`,
      children: <Text size="sm">{messages.apiKeys.confirmDelete}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(k.id, {
          onSuccess: () => notifySuccess(messages.apiKeys.deleted),
          onError: (e) => notifyError(messageOf(e, messages.apiKeys.deleteFailed)),
        }),
    });
  const actions = (k: ApiKeyView) => (
    <KeyActions apiKey={k} onEdit={() => setRenaming(k)} onDelete={() => confirmDelete(k)} />
  );

  return (
    <AppPage
      title="API Keys"
      description={
        <>
          Keys let other systems read this account through the{' '}
          <Anchor href="/api/docs" target="_blank" underline="always">
            integration API
          </Anchor>{' '}
          (header <Code>X-API-Key</Code>). A key can only read, within its scopes.
        </>
      }
      actions={
        <Button component={Link} to="/CreateApiKey" leftSection={<IconPlus size={16} />}>
          Create API Key
        </Button>
      }
    >
      {keys.isLoading && <Loader aria-label="Loading API keys" />}
      {keys.isError && <Alert color="red">{messages.apiKeys.fetchFailed}</Alert>}
      {keys.data?.length === 0 && (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text mb="md">No API keys yet.</Text>
          <Button component={Link} to="/CreateApiKey">
            Create your first API key
          </Button>
        </Paper>
      )}
      {!!keys.data?.length && (
        <>
          <Paper withBorder radius="lg" visibleFrom="md">
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="api-keys-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Key Name</Table.Th>
                    <Table.Th>Key</Table.Th>
                    <Table.Th style={{ whiteSpace: 'nowrap' }}>Created At</Table.Th>
                    <Table.Th style={{ whiteSpace: 'nowrap' }}>Last used</Table.Th>
                    <Table.Th>Scopes</Table.Th>
                    <Table.Th w={110}>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {keys.data.map((k) => (
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
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Stack hiddenFrom="md" gap="sm">
            {keys.data.map((k) => (
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
      )}
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title="Edit API Key" centered>
        {renaming && <RenameModal key={renaming.id} apiKey={renaming} onClose={() => setRenaming(null)} />}
      </Modal>
    </AppPage>
  );
}
