import { Badge, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StationMeAnswer } from '@punchclock/contract';
import { useCallback, useEffect, useState } from 'react';
import { formatInstant } from '../pages/punches/display-format';
import { BadgeScanner } from './BadgeScanner';
import { ClockPanel } from './ClockPanel';
import { wallClockText } from './clock-text';
import { PairStation } from './PairStation';
import { StationApiError, stationCall } from './station-api';
import { forgetStation, readStation } from './station-session';
import { useSyncStatus } from './useSyncStatus';

const INFO_KEY = 'stationInfo';

/** Station settings are kept locally too, so the station still knows its rules when it starts offline. */
function useStationInfo(paired: boolean, onRevoked: () => void) {
  const [info, setInfo] = useState<StationMeAnswer | null>(() =>
    JSON.parse(localStorage.getItem(INFO_KEY) ?? 'null'),
  );
  useEffect(() => {
    if (!paired) return;
    stationCall<StationMeAnswer>('/api/station/me')
      .then((i) => {
        setInfo(i);
        localStorage.setItem(INFO_KEY, JSON.stringify(i));
      })
      .catch((e) => {
        if (e instanceof StationApiError && e.status === 401) onRevoked();
      });
  }, [paired, onRevoked]);
  return info;
}

type StationSettings = StationMeAnswer['settings'] | undefined;

/** "Last synced" in the account's zone and Date and Time Formats (the tablet's own before settings are known). */
const syncedText = (iso: string, settings: StationSettings) =>
  settings?.date_format && settings.time_format
    ? formatInstant(iso, settings, settings.time_zone)
    : new Date(iso).toLocaleString();

function Clock({ settings }: { settings: StationSettings }) {
  const [now, setNow] = useState(new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <Text fz={42} fw={700} ta="center">
      {wallClockText(now, settings?.time_zone, settings?.time_format)}
    </Text>
  );
}

/** The full-screen time station (/Station): works offline once loaded, punches sync exactly once. */
export default function StationPage() {
  const [paired, setPaired] = useState(() => !!readStation());
  const revoked = useCallback(() => {
    forgetStation();
    localStorage.removeItem(INFO_KEY);
    setPaired(false);
  }, []);
  const info = useStationInfo(paired, revoked);
  const sync = useSyncStatus();
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState<string | null>(null);

  if (!paired) {
    return (
      <Container component="main" py="xl">
        <PairStation onPaired={() => setPaired(true)} />
      </Container>
    );
  }
  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-gray-0)" py="md">
      <Container size="sm">
        <Group justify="space-between" mb="sm">
          <div>
            <Title order={1} size="h3">
              {info?.company_name ?? 'Time station'}
            </Title>
            <Text size="sm" c="dimmed">
              {readStation()?.name}
            </Text>
          </div>
          <Badge color={sync.online ? 'teal' : 'orange'} size="lg">
            {sync.online ? 'Online' : 'Offline'}
          </Badge>
        </Group>
        <Clock settings={info?.settings} />
        <Paper withBorder p="lg" radius="md" mt="md">
          <Stack>
            <Button variant="light" onClick={() => setScanning((s) => !s)}>
              {scanning ? 'Type Employee ID instead' : 'Scan badge'}
            </Button>
            {scanning && <BadgeScanner onScan={(text) => setScanned(text)} />}
            <ClockPanel
              settings={info?.settings ?? null}
              scanned={scanned}
              onPunched={() => void sync.refresh()}
            />
          </Stack>
        </Paper>
        <Group justify="space-between" mt="sm" data-testid="sync-status">
          <Text size="sm">
            {sync.pending === 0
              ? 'All punches sent'
              : `${sync.pending} punch${sync.pending === 1 ? '' : 'es'} waiting to sync`}
          </Text>
          <Text size="sm" c="dimmed">
            Last synced: {sync.lastSync ? syncedText(sync.lastSync, info?.settings) : 'never'}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
