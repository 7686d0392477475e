import { ActionIcon, Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  API_KEY_MAX_LENGTH,
  API_KEY_MIN_LENGTH,
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_NAMES,
  API_KEY_SCOPES,
  apiKeyCreateBody,
  type ApiKeyScope,
  messages,
} from '@punchclock/contract';
import { IconRefresh } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ApiError, fieldErrors } from '../../api/client';
import { generateApiKeyValue, useApiKeyMutations } from '../../api/api-keys';
import { CardPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { schemaErrors } from '../../forms/validation';
import { CopyValue } from './ApiKeyParts';

interface Values {
  key_name: string;
  key_value: string;
  scopes: ApiKeyScope[];
}

/** /CreateApiKey: Key Name and Key Value, both required; a strong value is offered; on success, /APIKeys. */
export default function CreateApiKey() {
  const navigate = useNavigate();
  const { create } = useApiKeyMutations();
  const form = useForm<Values>({
    initialValues: { key_name: '', key_value: generateApiKeyValue(), scopes: [...API_KEY_SCOPE_NAMES] },
    // The contract's checks, in the server's words: required, the value's length and characters, a scope.
    validate: (v) => schemaErrors(apiKeyCreateBody, v),
  });

  const submit = (v: Values) =>
    create.mutate(
      { key_name: v.key_name.trim(), key_value: v.key_value.trim(), scopes: v.scopes },
      {
        onSuccess: () => {
          notifySuccess(messages.apiKeys.created);
          void navigate('/APIKeys');
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          // The server's reason when it gave one; else the catalogue's text for a failure or a network error.
          notifyError(
            e instanceof ApiError && e.status === 0
              ? messages.apiKeys.createError
              : e instanceof ApiError && e.message
                ? e.message
                : messages.apiKeys.createFailed,
          );
        },
      },
    );

  return (
    <CardPage
      title="Create API Key"
      description="A key lets another system read this account's employees, departments, punches and reports. It can never change anything."
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label="Key Name"
            placeholder="e.g. Payroll export"
            required
            maxLength={API_KEY_NAME_MAX}
            data-autofocus
            {...form.getInputProps('key_name')}
          />
          <TextInput
            label="Key Value"
            description={`A strong value is filled in for you. To use your own, type at least ${API_KEY_MIN_LENGTH} characters.`}
            required
            maxLength={API_KEY_MAX_LENGTH}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            autoComplete="off"
            spellCheck={false}
            rightSectionWidth={76}
            rightSection={
              <Group gap={2} wrap="nowrap">
                <CopyValue value={form.values.key_value} label="Copy the key value" />
                <Tooltip label="Generate a new value">
                  <ActionIcon
                    variant="subtle"
                    onClick={() => form.setFieldValue('key_value', generateApiKeyValue())}
                    aria-label="Generate a new value"
                  >
                    <IconRefresh size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            }
            {...form.getInputProps('key_value')}
          />
          <Checkbox.Group
            label="Scopes"
            description="What the key may read."
            {...form.getInputProps('scopes')}
          >
            <Group mt="xs">
              {API_KEY_SCOPE_NAMES.map((s) => (
                <Checkbox key={s} value={s} label={`${API_KEY_SCOPES[s].label} (${s})`} />
              ))}
            </Group>
          </Checkbox.Group>
          <Text fz="sm" c="dimmed">
            Integrations send the key in the <code>X-API-Key</code> header to the read-only calls under{' '}
            <Anchor href="/api/docs" target="_blank" underline="always">
              /api/integration
            </Anchor>
            .
          </Text>
          <Group justify="flex-end">
            <Button component={Link} to="/APIKeys" variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create API Key
            </Button>
          </Group>
        </Stack>
      </form>
    </CardPage>
  );
}
