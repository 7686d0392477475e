import type { apiKeyRevealAnswer, apiKeysAnswer, messageResponse } from '@punchclock/contract';
import type { z } from 'zod';
import {
  API_KEY_PREFIX,
  type ApiKeySavedAnswer,
  type ApiKeyScope,
  type ApiKeyView,
} from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

export type { ApiKeyView };

const KEY = ['api-keys'];

export const useApiKeys = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () => request<z.infer<typeof apiKeysAnswer>>('/api/apikeys').then((a) => a.all_keys),
  });

/** A key's value (the Reveal button): asked when pressed, never kept in the list's cache. */
export const revealApiKey = (id: number) =>
  request<z.infer<typeof apiKeyRevealAnswer>>(`/api/apikeys/${id}/reveal`).then((a) => a.key_value);

/** A strong new value: the prefix and 32 random bytes (256 bits) from the browser's CSPRNG, base64url. */
export function generateApiKeyValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const b64 = btoa(String.fromCharCode(...bytes));
  return `${API_KEY_PREFIX}${b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

export function useApiKeyMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: KEY });
  return {
    /** Sent as the old client's multipart form {key_name, key_value}, with the chosen scopes. */
    create: useMutation({
      mutationFn: (k: { key_name: string; key_value: string; scopes: ApiKeyScope[] }) => {
        const form = new FormData();
        form.set('key_name', k.key_name);
        form.set('key_value', k.key_value);
        form.set('scopes', k.scopes.join(','));
        return request<ApiKeySavedAnswer>('/api/apikeys', { body: form });
      },
      onSuccess: done,
    }),
    rename: useMutation({
      mutationFn: (k: { id: number; key_name: string }) =>
        request<ApiKeySavedAnswer>(`/api/apikeys/${k.id}`, { method: 'PUT', body: { key_name: k.key_name } }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        request<z.infer<typeof messageResponse>>(`/api/apikeys/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}
