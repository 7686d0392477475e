import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceDesktopCog } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ClockPanel } from '../../station/ClockPanel';
import type { StationMeAnswer } from '@punchclock/contract';
import { readStation } from '../../station/station-session';

/**
 * The home page's Clock In and Out dialog. Punching needs a paired time station: on one it is the
 * station's clock panel; elsewhere it explains how to pair this browser.
 */
export default function ClockModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const paired = !!readStation();
  const info = JSON.parse(localStorage.getItem('stationInfo') ?? 'null') as StationMeAnswer | null;
  return (
    <Modal opened={opened} onClose={onClose} title="Clock In and Out" centered size="md">
      {paired ? (
        <ClockPanel settings={info?.settings ?? null} />
      ) : (
        <Stack>
          <Alert
            color="indigo"
            variant="light"
            icon={<IconDeviceDesktopCog />}
            title="This browser is not a time station yet"
          >
            {/* The title says it is not a station yet; the text says only how to make it one. */}
            <Text fz="sm">
              A manager pairs it from Settings → Devices: choose &quot;This browser&quot; while logged in
              here, or create a pairing code and enter it under Pair with a code.
            </Text>
          </Alert>
          <Button component={Link} to="/Station" onClick={onClose}>
            Pair with a code
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
