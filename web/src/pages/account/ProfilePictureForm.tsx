import { Avatar, FileInput, Group, Stack, Text } from '@mantine/core';
import { messages, PROFILE_IMAGE_MAX_BYTES } from '@punchclock/contract';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { authKeys, useUploadProfilePicture } from '../../api/auth';
import { messageOf } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/notify';
import { SubmitButton } from '../../components/SubmitButton';
import { session } from '../../session/session';

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp';

/** Why a chosen file cannot be sent, checked before the upload: one must be chosen, and be an image. */
function problemWith(file: File | null): string | null {
  if (!file) return messages.profile.selectImage;
  if (!ACCEPTED.split(',').includes(file.type)) return messages.profile.notImage;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return messages.profile.tooLarge;
  if (!session.get().user?.user_id) return messages.profile.userIdMissing;
  return null;
}

/** An object URL showing the chosen image before it is sent; released when the choice changes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || problemWith(file)) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function ProfilePictureForm({ current, name }: { current: string | null; name: string }) {
  const queryClient = useQueryClient();
  const upload = useUploadProfilePicture();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreview(file);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemWith(file);
    setError(problem);
    if (problem || !file) return;
    upload.mutate(file, {
      onSuccess: (a) => {
        queryClient.setQueryData(authKeys.picture, a.profile_image_url);
        setFile(null);
        notifySuccess(a.message || messages.profile.uploaded);
      },
      onError: (e) => notifyError(messageOf(e, messages.profile.uploadFailed)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xl">
        <Avatar src={preview ?? current} name={name} color="initials" size={120} radius={120} alt="" />
        <Stack flex={1} miw={220} maw={420}>
          <FileInput
            label="Profile Picture"
            placeholder="Choose an image"
            accept={ACCEPTED}
            clearable
            value={file}
            onChange={(f) => {
              setFile(f);
              setError(null);
            }}
            error={error}
            leftSection={<IconUpload size={16} />}
          />
          <Text fz="xs" c="dimmed">
            PNG, JPEG, GIF or WebP, at most 2 MB.
          </Text>
          <SubmitButton busy={upload.isPending} busyLabel="Uploading..." style={{ alignSelf: 'flex-start' }}>
            Upload Picture
          </SubmitButton>
        </Stack>
      </Group>
    </form>
  );
}
