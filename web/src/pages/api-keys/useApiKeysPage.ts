import { messages } from '@punchclock/contract';
import { useState } from 'react';
import { type ApiKeyView, useApiKeyMutations, useApiKeys } from '../../api/api-keys';
import { messageOf } from '../../api/client';
import { useAccountInstant } from '../../api/settings';
import { notifyError, notifySuccess } from '../../components/notify';

/** The API keys page's data: the keys, the one being renamed, and deleting one (with its notices). */
export function useApiKeysPage() {
  const keys = useApiKeys();
  const { remove } = useApiKeyMutations();
  const { when } = useAccountInstant();
  const [renaming, setRenaming] = useState<ApiKeyView | null>(null);
  const deleteKey = (k: ApiKeyView) =>
    remove.mutate(k.id, {
      onSuccess: () => notifySuccess(messages.apiKeys.deleted),
      onError: (e) => notifyError(messageOf(e, messages.apiKeys.deleteFailed)),
    });
  return { keys, when, renaming, setRenaming, deleteKey };
}
