import {
  ActionIcon,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope, messages } from '@punchclock/contract';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { type ApiKeyView, revealApiKey, useApiKeyMutations } from '../../api/api-keys';
import { messageOf } from '../../api/client';
import { FormActions } from '../../components/FormActions';
import { notifyError, notifySuccess } from '../../components/notify';

const scopeLabel = (s: string) => API_KEY_SCOPES[s as ApiKeyScope]?.label ?? s;

/** The Edit API Key dialog's form: the key's name, saved through PUT /api/apikeys/:id. */
export function RenameForm({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const { rename } = useApiKeyMutations();
  const [name, setName] = useState(apiKey?.key_name ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!apiKey) return;
    // Renaming is refused while the name is empty.
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
        <FormActions onCancel={onClose} busy={rename.isPending} submitLabel="Save Changes" />
      </Stack>
    </form>
  );
}

/** The Key cell: masked until Reveal (per row); the value is asked for when Reveal is pressed. */
export function KeyCell({ apiKey }: { apiKey: ApiKeyView }) {
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
      {value && <CopyValue value={value} label={`Copy ${apiKey.key_name}`} />}
    </Group>
  );
}

/** A key's scopes as badges (None when it has none). */
export function Scopes({ scopes }: { scopes: string[] }) {
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

/** A small button that copies `value`, saying Copied once it has; `label` names it for screen readers. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy'}>
          <ActionIcon variant="subtle" onClick={copy} aria-label={label}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
