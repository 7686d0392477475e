import { Alert, Anchor, Button, Code, Loader, Modal, Paper, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ApiKeyView } from '../../api/api-keys';
import { AppPage } from '../../components/AppPage';
import { openConfirm } from '../../components/confirm';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { ApiKeyList } from './ApiKeyList';
import { RenameForm } from './ApiKeyParts';
import { useApiKeysPage } from './useApiKeysPage';

/**
 * /APIKeys (docs/RULES.md#api-keys): Key Name, Key (masked until Reveal), Created At, Last used, Scopes; Edit
 * (rename) and Delete. A table on wide screens, one card per key on phones.
 */
export default function ApiKeysPage() {
  const { keys, when, renaming, setRenaming, deleteKey } = useApiKeysPage();
  const confirmDelete = (k: ApiKeyView) =>
    openConfirm({
      title: `Delete ${k.key_name}`,
      children: <Text size="sm">{messages.apiKeys.confirmDelete}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => deleteKey(k),
    });
  const actions = (k: ApiKeyView) => (
    <EditDeleteActions name={k.key_name} onEdit={() => setRenaming(k)} onDelete={() => confirmDelete(k)} />
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
      {!!keys.data?.length && <ApiKeyList keys={keys.data} when={when} actions={actions} />}
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title="Edit API Key" centered>
        {renaming && <RenameForm key={renaming.id} apiKey={renaming} onClose={() => setRenaming(null)} />}
      </Modal>
    </AppPage>
  );
}
