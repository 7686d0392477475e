import { Alert, Badge, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { messages, type StationMeAnswer } from '@punchclock/contract';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { formatInstant } from '../pages/punches/display-format';
import { ClockPanel } from './ClockPanel';
import { wallClockText } from './clock-text';
import { PairStation } from './PairStation';
import { abandonedPunches, abandonPending, type QueuedPunch } from './queue';
import { handOverUnsent } from './sync';
import { StationApiError, stationCall } from './station-api';
import { forgetStation, readStation } from './station-session';
import { useSyncStatus } from './useSyncStatus';

// The camera scanner and its QR decoder (jsQR, ~45 kB gzip) load when a scan starts, not with the station's
// first load (docs/PERFORMANCE.md); the service worker still precaches them for a station started offline.
const BadgeScanner = lazy(() => import('./BadgeScanner').then((m) => ({ default: m.BadgeScanner })));
// The Emergency roll call loads when it is opened (its copy of the roll call is kept after each sync).
const EmergencyScreen = lazy(() => import('./emergency/EmergencyScreen'));

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

interface LostPunches {
  punches: QueuedPunch[];
  settings: StationSettings;
}

/** The station was revoked: say so, and list the punches made here that never reached the server. */
function RevokedNotice({ lost }: { lost: LostPunches }) {
  return (
    <Alert color="red" role="alert" title={messages.clock.stationRevoked}>
      {lost.punches.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">
            {lost.punches.length === 1
              ? 'This punch was made here but not sent before the station was revoked. Pairing this tablet again hands it to your manager, who enters it by hand if it is right:'
              : `These ${lost.punches.length} punches were made here but not sent before the station was revoked. Pairing this tablet again hands them to your manager, who enters them by hand if they are right:`}
          </Text>
          {/* A plain list: Mantine's List brings ~5 kB gzip of shared helpers to the station's first load. */}
          <ul
            data-testid="lost-punches"
            style={{ margin: 0, paddingInlineStart: 'var(--mantine-spacing-lg)' }}
          >
            {lost.punches.map((p) => (
              <li key={p.client_id} style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
                {p.employee_id ?? 'Badge'} · {p.kind === 'in' ? 'Clock In' : 'Clock Out'} ·{' '}
                {syncedText(p.device_time, lost.settings)}
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </Alert>
  );
}

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
  // Set when a manager revoked this station: the punches it could not send, shown on the pairing screen.
  const [lost, setLost] = useState<LostPunches | null>(null);
  const revoked = useCallback(() => {
    const info = JSON.parse(localStorage.getItem(INFO_KEY) ?? 'null') as StationMeAnswer | null;
    forgetStation();
    localStorage.removeItem(INFO_KEY);
    setPaired(false);
    void abandonPending(messages.clock.stationRevoked, info?.station.id).then((punches) =>
      setLost({ punches, settings: info?.settings }),
    );
  }, []);
  // Said once after a new pairing handed an earlier pairing's unsent punches to the manager (sync.handOverUnsent).
  const [handedOver, setHandedOver] = useState<{ applied: number; recorded: number } | null>(null);
  const info = useStationInfo(paired, revoked);
  const sync = useSyncStatus();
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState<string | null>(null);
  const [emergency, setEmergency] = useState(false);
  useEffect(() => {
    if (paired && sync.online)
      void import('./emergency/roll-call-store').then((m) => m.refreshRollCall()).catch(() => undefined);
  }, [paired, sync.online, sync.lastSync]);
  useEffect(() => {
    if (sync.revoked && paired) revoked();
  }, [sync.revoked, paired, revoked]);
  // Paired (here, or from the manager's Devices page): an earlier, revoked pairing's unsent punches go to the manager.
  useEffect(() => {
    if (paired) void handOverUnsent().then((n) => n.applied + n.recorded > 0 && setHandedOver(n));
  }, [paired]);
  // Opened unpaired (the tablet reloaded after a revoke): the punches it could not send are read from storage.
  useEffect(() => {
    if (paired) return;
    void abandonedPunches().then((punches) =>
      setLost((shown) => shown ?? (punches.length ? { punches, settings: undefined } : null)),
    );
  }, [paired]);

  if (!paired) {
    return (
      <Container component="main" py="xl">
        <PairStation
          onPaired={() => {
            setLost(null);
            sync.paired();
            setPaired(true);
          }}
          notice={lost && <RevokedNotice lost={lost} />}
        />
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
          <Group gap="xs">
            <Button
              color="red"
              variant={emergency ? 'filled' : 'light'}
              onClick={() => setEmergency((o) => !o)}
            >
              Emergency
            </Button>
            <Badge color={sync.online ? 'teal' : 'orange'} size="lg">
              {sync.online ? 'Online' : 'Offline'}
            </Badge>
          </Group>
        </Group>
        {emergency && (
          <Suspense fallback={null}>
            <EmergencyScreen onClose={() => setEmergency(false)} />
          </Suspense>
        )}
        {handedOver && (
          <Alert
            color="blue"
            mb="sm"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setHandedOver(null)}
            data-testid="handed-over"
          >
            {handedOver.applied
              ? messages.clock.unsentApplied(handedOver.applied, handedOver.recorded)
              : messages.clock.unsentHandedOver(handedOver.recorded)}
            {handedOver.recorded > 0 &&
              ' They are listed under Punches that need attention, to be entered by hand.'}
          </Alert>
        )}
        <Clock settings={info?.settings} />
        <Paper withBorder p="lg" radius="md" mt="md">
          <Stack>
            <Button variant="light" onClick={() => setScanning((s) => !s)}>
              {scanning ? 'Type Employee ID instead' : 'Scan badge'}
            </Button>
            {scanning && (
              <Suspense fallback={null}>
                <BadgeScanner onScan={(text) => setScanned(text)} />
              </Suspense>
            )}
            <ClockPanel
              settings={info?.settings ?? null}
              scanned={scanned}
              onPunched={() => void sync.refresh()}
              synced={sync.online && sync.pending === 0}
            />
          </Stack>
        </Paper>
        <Group justify="space-between" mt="sm" data-testid="sync-status">
          <Text size="sm">
            {sync.pending === 0
              ? 'All punches sent'
              : `${sync.pending} punch${sync.pending === 1 ? '' : 'es'} waiting to sync`}
          </Text>
          {sync.refused > 0 && (
            <Text size="sm" c="red" data-testid="refused-punches">
              {sync.refused === 1 ? '1 punch was' : `${sync.refused} punches were`} refused by the server:
              your manager sees {sync.refused === 1 ? 'it' : 'them'} under Punches that need attention.
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Last synced: {sync.lastSync ? syncedText(sync.lastSync, info?.settings) : 'never'}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
