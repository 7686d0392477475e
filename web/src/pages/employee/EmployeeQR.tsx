import { Alert, Button, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { messages, qrResponse } from '@punchclock/contract';
import { IconQrcode, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, messageOf } from '../../api/client';
import { fetchOwnBadge } from '../../api/self-service';
import { CardPage } from '../../components/AppPage';
import { DownloadButton } from '../../components/DownloadButton';
import { notifyError } from '../../components/notify';
import { session } from '../../session/session';
import { qrSrc } from '../people/download';
import { ownEmployeeRef } from '../punches/punch-values';
import { badgeImage, qrFileName, QR_IMAGE } from './badge-image';
import { saveBlob } from '../../api/download';

interface Badge {
  qr_code: string;
  employee_id: string;
  name: string;
}

const badgeAnswer = qrResponse.extend({
  employee_id: qrResponse.shape.message,
  name: qrResponse.shape.message,
});

/**
 * GET /api/employee/{id}/generate-qr for the signed-in employee: the signed badge token a station scans, as
 * on the printed card (so a manager's Regenerate Badge changes it), with the Employee ID and name.
 */
async function fetchBadge(): Promise<Badge> {
  if (!session.token()) throw new ApiError(401, messages.qr.noToken);
  const ref = ownEmployeeRef();
  if (!ref) throw new ApiError(400, messages.qr.noUserId);
  const parsed = badgeAnswer.safeParse(await fetchOwnBadge(ref));
  if (!parsed.success) throw new ApiError(200, messages.qr.failed);
  return parsed.data;
}

/** The employee's own badge, asked for as the page opens (the same query is shared while it is cached). */
const useOwnBadge = () => useQuery({ queryKey: ['employee', 'own-badge'], queryFn: fetchBadge });

/**
 * The QR page (docs/RULES.md#badges): the badge QR with the ID and name, shown as the page opens (the code is
 * the card's, so there is nothing to generate), and a Download of the 400×500 PNG.
 */
export default function EmployeeQR() {
  const badgeQuery = useOwnBadge();
  const badge = badgeQuery.data ?? null;
  const failed = badgeQuery.isError ? messageOf(badgeQuery.error, messages.qr.generateError) : null;
  const [saving, setSaving] = useState(false);

  const download = async () => {
    if (!badge) return;
    setSaving(true);
    try {
      saveBlob(
        await badgeImage(qrSrc(badge.qr_code), badge.employee_id, badge.name),
        qrFileName(badge.employee_id),
      );
    } catch {
      notifyError(messages.qr.error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <CardPage
      title="My QR Code"
      description="Show this code to a time station's camera to clock in and out. It is the same code as on your printed card."
    >
      <Stack align="center" gap="md">
        <Paper withBorder radius="md" p="md" w={280} h={280} bg="white">
          <Center h="100%">
            {badge ? (
              <Image
                src={qrSrc(badge.qr_code)}
                alt={`QR code of ${badge.name}`}
                w={240}
                h={240}
                fit="contain"
                data-testid="badge-qr"
              />
            ) : failed ? (
              <Stack align="center" gap={6}>
                <IconQrcode size={56} color="var(--mantine-color-gray-5)" aria-hidden />
                <Text fz="sm" c="dimmed" ta="center">
                  {messages.qr.empty}
                </Text>
              </Stack>
            ) : (
              <Loader aria-label="Loading your QR code" />
            )}
          </Center>
        </Paper>
        {badge && (
          <Stack gap={2} align="center">
            <Title order={2} fz="xl" data-testid="badge-employee-id">
              {badge.employee_id}
            </Title>
            <Text fz="lg" data-testid="badge-name">
              {badge.name}
            </Text>
          </Stack>
        )}
        {failed && (
          <Alert color="red" role="alert" w="100%" maw={420}>
            {failed}
          </Alert>
        )}
        <Group justify="center">
          {/* Asking again only means something after a failure: the code itself changes only when a manager
                regenerates the badge, and opening the page again shows that. */}
          {failed && (
            <Button
              onClick={() => void badgeQuery.refetch()}
              loading={badgeQuery.isFetching}
              leftSection={<IconRefresh size={16} />}
            >
              Try again
            </Button>
          )}
          {badge && (
            <DownloadButton
              variant="default"
              onClick={() => void download()}
              loading={saving}
              title={`A ${QR_IMAGE.width}×${QR_IMAGE.height} PNG with your ID and name`}
            >
              Download
            </DownloadButton>
          )}
        </Group>
      </Stack>
    </CardPage>
  );
}
