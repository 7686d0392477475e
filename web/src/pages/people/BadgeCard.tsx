import { Button, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { employeeQr, type EmployeeView, usePeopleMutations } from '../../api/people';
import { notifyError, notifySuccess } from '../../components/notify';
import { printCard, qrSrc } from './download';
import { openConfirm } from '../../components/confirm';

export const useEmployeeQr = (id: number) =>
  useQuery({ queryKey: ['employees', id, 'qr'], queryFn: () => employeeQr(id), enabled: id > 0 });

/** The card itself: no company branding, just who it is and the QR the stations scan. */
export function CardFace({ employee }: { employee: EmployeeView }) {
  const qr = useEmployeeQr(employee.id);
  return (
    <Paper withBorder shadow="sm" radius="md" p="lg" w={300} data-testid="employee-card">
      <Stack align="center" gap={6}>
        <Text fw={700} fz="lg" ta="center">
          {employee.name}
        </Text>
        <Text size="sm" c="dimmed">
          {employee.department_name || messages.employees.unknownDepartment}
        </Text>
        {qr.isLoading && <Loader size="sm" />}
        {qr.isError && (
          <Text c="red" size="sm">
            {messageOf(qr.error, messages.qr.failed)}
          </Text>
        )}
        {qr.data && <Image src={qrSrc(qr.data.qr_code)} alt="Badge QR code" w={180} h={180} fit="contain" />}
        <Text ff="monospace" fw={600}>
          {employee.employee_id}
        </Text>
      </Stack>
    </Paper>
  );
}

export function PrintCardButton({ employee }: { employee: EmployeeView }) {
  const [busy, setBusy] = useState(false);
  const print = () => {
    setBusy(true);
    printCard(employee.id, employee.employee_id)
      .catch((e: unknown) => notifyError(messageOf(e, 'Failed to download the card.')))
      .finally(() => setBusy(false));
  };
  return (
    <Button leftSection={<IconPrinter size={16} />} onClick={print} loading={busy}>
      Print Card
    </Button>
  );
}

function RegenerateButton({ employee }: { employee: EmployeeView }) {
  const { regenerateBadge } = usePeopleMutations();
  const ask = () =>
    openConfirm({
      title: 'Regenerate badge',
      children: (
        <Text size="sm">
          A new QR code is made for {employee.name}. The old card stops working at once: print and hand out
          the new one.
        </Text>
      ),
      labels: { confirm: 'Regenerate', cancel: 'Cancel' },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        regenerateBadge.mutate(employee.id, {
          onSuccess: (a) => notifySuccess(a.message || 'Badge regenerated'),
          onError: (e) => notifyError(messageOf(e, messages.general.genericError)),
        }),
    });
  return (
    <Button
      variant="light"
      color="orange"
      leftSection={<IconRefresh size={16} />}
      onClick={ask}
      loading={regenerateBadge.isPending}
    >
      Regenerate Badge
    </Button>
  );
}

export function BadgeCard({ employee }: { employee: EmployeeView }) {
  return (
    <Stack>
      <CardFace employee={employee} />
      <Group>
        <PrintCardButton employee={employee} />
        <RegenerateButton employee={employee} />
      </Group>
    </Stack>
  );
}
