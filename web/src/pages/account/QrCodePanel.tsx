import { Button, Center, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconDownload, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useGenerateQrCode } from '../../api/auth';
import { messageOf } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/notify';

/** The person's own QR code, generated on request (POST /api/generate-qr-code). */
export function QrCodePanel({ initial, username }: { initial: string | null; username: string }) {
  const generate = useGenerateQrCode();
  const [qr, setQr] = useState<string | null>(initial);
  const [failed, setFailed] = useState(false);

  const run = () =>
    generate.mutate(undefined, {
      onSuccess: (a) => {
        setQr(a.qr_code);
        setFailed(false);
        notifySuccess(messages.qr.generated);
      },
      onError: (e) => {
        setFailed(true);
        notifyError(messageOf(e, messages.qr.generateError));
      },
    });

  return (
    <Stack align="flex-start">
      <Paper withBorder radius="md" p="md" w={240} h={240}>
        <Center h="100%">
          {qr ? (
            <Image src={qr} alt="Your QR code" w={200} h={200} fit="contain" />
          ) : (
            <Stack align="center" gap={6}>
              <IconQrcode size={48} color="var(--mantine-color-gray-5)" />
              <Text fz="sm" c="dimmed" ta="center">
                {failed ? messages.qr.empty : 'No QR code generated yet.'}
              </Text>
            </Stack>
          )}
        </Center>
      </Paper>
      <Group>
        <Button onClick={run} loading={generate.isPending} leftSection={<IconQrcode size={16} />}>
          Generate QR Code
        </Button>
        {qr && (
          <Button
            component="a"
            href={qr}
            download={`punchclock-qr-${username}.svg`}
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Download
          </Button>
        )}
      </Group>
    </Stack>
  );
}
