import {
  getUserResponse,
  loginResponse,
  messageResponse,
  messages,
  profilePictureResponse,
  qrResponse,
  registerResponse,
  uploadProfileResponse,
  type ChangePasswordBody,
  type LoginBody,
  type LoginResponse,
  type PasswordUpdateBody,
  type RegisterBody,
} from '@punchclock/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { session } from '../session/session';
import { ApiError, request } from './client';

/** Reads an answer through its contract schema; a malformed answer is a server error, not a crash. */
function answer<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(200, messages.general.serverError);
  return parsed.data;
}

const post = (path: string, body: unknown, auth: 'bearer' | 'raw' | 'none' = 'bearer') =>
  request(path, { method: 'POST', body, auth });

/** POST /api/login, checking the answer: a body, then the access token, then the user type. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const data = await post('/api/login', body, 'none');
  if (!data || typeof data !== 'object') throw new ApiError(200, messages.login.emptyResponse);
  const a = data as Partial<LoginResponse>;
  if (!a.access_token) throw new ApiError(200, messages.login.tokenMissing);
  if (!a.user_type) throw new ApiError(200, messages.login.userTypeMissing);
  return answer(loginResponse, data);
}

export const register = async (body: RegisterBody) =>
  answer(registerResponse, await post('/api/register', body, 'none'));

/** Logout sends the bare token (no `Bearer`), as the old client did. */
export const logout = async () => answer(messageResponse, await post('/api/logout', {}, 'raw'));

/** Revokes a token that is no longer in storage (the public bar clears first, then revokes). */
export const revokeToken = (token: string) =>
  request('/api/logout', { method: 'POST', body: {}, auth: 'none', headers: { Authorization: token } });

export const forgotPassword = async (email: string) =>
  answer(messageResponse, await post('/api/forgot-password', { email }, 'none'));

export const updatePassword = async (body: PasswordUpdateBody) =>
  answer(messageResponse, await post('/password-update', body, 'none'));

export const changePassword = async (body: ChangePasswordBody) =>
  answer(messageResponse, await post('/api/change-password', body));

export const getUser = async () => answer(getUserResponse, await request('/api/get-user')).user;

const ownUserId = () => session.get().user?.user_id;

export const generateQrCode = async () =>
  answer(qrResponse, await post('/api/generate-qr-code', { user_id: ownUserId() }));

export const getProfilePicture = async () => {
  const a = answer(profilePictureResponse, await post('/api/get-profile-picture', { user_id: ownUserId() }));
  return a.profile_image_url ?? a.profile_picture_url;
};

export async function uploadProfilePicture(file: File) {
  const form = new FormData();
  form.append('user_id', String(ownUserId() ?? ''));
  form.append('profile_picture', file);
  return answer(uploadProfileResponse, await request('/api/upload-profile', { method: 'POST', body: form }));
}

export const authKeys = {
  user: ['auth', 'user'] as const,
  picture: ['auth', 'profile-picture'] as const,
};

export const useRegister = () => useMutation({ mutationFn: register });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
export const useGenerateQrCode = () => useMutation({ mutationFn: generateQrCode });
export const useUploadProfilePicture = () => useMutation({ mutationFn: uploadProfilePicture });

export const useCurrentUser = () => useQuery({ queryKey: authKeys.user, queryFn: getUser });
/** An employee's own permission flags from the server (empty until loaded; managers have none to check). */
export const useOwnPermissions = (): Record<string, boolean> => useCurrentUser().data?.permissions ?? {};

/**
 * An administrator limited to chosen departments: account setup (Settings, importing, new departments) is not
 * theirs, so the screens leave it out (the server refuses it as well). Until the current user has arrived the
 * answer is yes: the setup controls appear once the access is known to be full, so a scoped administrator never
 * sees them, not even for a moment.
 */
export const useScopedAdministrator = (): boolean => useCurrentUser().data?.administrator_access !== 'full';

/** The picture URL, or null for the default avatar (also when it cannot be loaded). */
export const useProfilePicture = () =>
  useQuery({ queryKey: authKeys.picture, queryFn: getProfilePicture, staleTime: 5 * 60_000, retry: false });
