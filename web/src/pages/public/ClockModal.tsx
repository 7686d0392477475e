import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconDeviceDesktopCog, IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';

/**
 * The home page's Clock In and Out dialog. Punching needs a paired time station; until this
 * browser is one, the dialog checks the ID and explains how to pair it.
 */
export function ClockModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [employeeId, setEmployeeId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const attempt = (event?: FormEvent) => {
    event?.preventDefault();
    if (!employeeId.trim()) {
      setError(messages.clock.invalidEmployeeId);
      return;
    }
    setError(null);
    setTried(true);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Clock In and Out" centered size="md">
      <form onSubmit={attempt} noValidate>
        <Stack>
          <Alert color={tried ? 'orange' : 'indigo'} variant="light" icon={<IconDeviceDesktopCog />} title="This browser is not a time station yet">
            <Text fz="sm">
              To punch here, the account owner logs in and pairs this browser under <b>Settings → Devices</b>. After that,
              employees clock in and out on this screen with their badge or Employee ID, even when the internet is down.
            </Text>
          </Alert>
          <TextInput
            label="Employee ID"
            placeholder="e.g. E-1001"
            required
            value={employeeId}
            onChange={(e) => {
              setEmployeeId(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group grow>
            <Button type="submit" color="green" leftSection={<IconLogin2 size={18} />}>
              Clock In
            </Button>
            <Button type="button" color="red" variant="light" leftSection={<IconLogout2 size={18} />} onClick={() => attempt()}>
              Clock Out
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
