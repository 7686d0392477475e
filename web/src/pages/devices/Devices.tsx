import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { clockOffsetText, messages, STATION_CLOCK_TOLERANCE_MS } from '@punchclock/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../../api/client';
import { type NewStation, type Station, useStationMutations, useStations } from '../../api/stations';
import { useAccountInstant } from '../../api/settings';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { useSignOutTo } from '../../session/logout';
import { saveStation } from '../../station/station-session';
import { PunchIssues } from './PunchIssues';
import { openConfirm } from '../../components/confirm';
import { ScrollTable } from '../../components/ScrollTable';

function AddStationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { create } = useStationMutations();
  const signOutTo = useSignOutTo();
  const [name, setName] = useState('');
  const [pair, setPair] = useState<'this-browser' | 'code'>('code');
  const [code, setCode] = useState<string | null>(null);

  const submit = () =>
    create.mutate(
      { name: name.trim(), pair },
      {
        onSuccess: (a: NewStation) => {
          if ('token' in a) {
            // A kiosk must not keep the manager's session: anyone at it could walk into the account.
            saveStation({ token: a.token, name: a.station.name });
            notifySuccess('This browser is now a time station. You are signed out here.');
            void signOutTo('/Station');
          } else setCode(a.pairing_code);
        },
        onError: (e) => notifyError(messageOf(e, 'Failed to add the station.')),
      },
    );
  const close = () => {
    setName('');
    setCode(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add a time station" centered>
      {code ? (
        <Stack>
          <Text>
            On the tablet, open <Code>{window.location.origin}/Station</Code> and type this pairing code
            within 10 minutes:
          </Text>
          <Text fz={36} fw={800} ta="center" ff="monospace" data-testid="pairing-code">
            {code}
          </Text>
          <Button onClick={close}>Done</Button>
        </Stack>
      ) : (
        <Stack>
          <TextInput
            label="Station name"
            placeholder="e.g. Front entrance tablet"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
            required
            data-autofocus
          />
          <Radio.Group
            label="Which device?"
            value={pair}
            onChange={(v) => setPair(v as 'this-browser' | 'code')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="code" label="A tablet or another computer (show a pairing code)" />
              <Radio value="this-browser" label="This browser" />
            </Stack>
          </Radio.Group>
          {pair === 'this-browser' && (
            <Alert color="orange" title="You will be signed out of this browser" data-testid="kiosk-notice">
              This browser becomes a time station: you are signed out here and it opens the station, where
              employees can only clock in and out. To manage your account again, sign in on another device, or
              revoke the station and sign in here.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={create.isPending} disabled={!name.trim()}>
              {pair === 'this-browser' ? 'Sign out and add station' : 'Add station'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function StationRow({ s }: { s: Station }) {
  const { rename, revoke } = useStationMutations();
  // On the account's clock and in its Date and Time Format, like the other manager screens.
  const instant = useAccountInstant().when;
  const when = (iso: string | null) => (iso ? instant(iso) : 'Never');
  const askRename = () => {
    let next = s.name;
    openConfirm({
      title: 'Rename station',
      children: (
        <TextInput
          label="Station name"
          defaultValue={s.name}
          onChange={(e) => {
            next = e.currentTarget.value;
          }}
          maxLength={80}
        />
      ),
      labels: { confirm: 'Save', cancel: 'Cancel' },
      onConfirm: () =>
        rename.mutate(
          { id: s.id, name: next.trim() },
          { onError: (e) => notifyError(messageOf(e, 'Failed to rename the station.')) },
        ),
    });
  };
  const askRevoke = () =>
    openConfirm({
      title: 'Revoke station',
      children: (
        <Text size="sm">
          Are you sure you want to revoke “{s.name}”? It stops accepting punches at once; punches it already
          sent are kept. Punches it made offline before now are recorded when the tablet is paired again; any
          made after are listed for you to enter by hand.
        </Text>
      ),
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(s.id, {
          onSuccess: () => notifySuccess('Station revoked'),
          onError: (e) => notifyError(messageOf(e, 'Failed to revoke the station.')),
        }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        {s.name}
        <ClockOff station={s} />
      </Table.Td>
      <Table.Td>
        {/* Never cut to "REVOK…" in a phone's narrow column. */}
        <Badge color={s.revoked ? 'gray' : 'teal'} miw="max-content">
          {s.revoked ? 'Revoked' : 'Active'}
        </Badge>
      </Table.Td>
      <Table.Td>{when(s.last_seen_at)}</Table.Td>
      <Table.Td>{when(s.last_sync_at)}</Table.Td>
      <Table.Td>
        {!s.revoked && (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={askRename}>
              Rename
            </Button>
            <Button size="xs" color="red" variant="light" onClick={askRevoke}>
              Revoke
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The station's clock as its last sync showed it, when off by more than 2 minutes (docs/RULES.md#station-clock): its
 * punches are corrected, but the tablet's clock should be set.
 */
function ClockOff({ station }: { station: Station }) {
  const offset = station.clock_offset;
  if (station.revoked || offset === null || Math.abs(offset) * 1000 <= STATION_CLOCK_TOLERANCE_MS)
    return null;
  return (
    <Text size="xs" c="var(--mantine-color-orange-light-color)" role="status">
      {messages.clock.clockOff(clockOffsetText(offset))}
    </Text>
  );
}

/** /Device: the account's time stations — add (this browser or a pairing code), rename, revoke — and the synced punches that need a manager. */
export default function Devices() {
  const stations = useStations();
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  return (
    <AppPage
      title="Devices"
      description="Any tablet, PC or phone browser can be a time station."
      actions={<Button onClick={() => setAdding(true)}>Add station</Button>}
    >
      {stations.isLoading && <Loader />}
      {stations.isError && (
        <Alert color="red">{messageOf(stations.error, 'Failed to load the stations.')}</Alert>
      )}
      {stations.data?.length === 0 && (
        <Stack align="center" py="xl">
          <Text>No devices associated with your account</Text>
          <Button variant="light" onClick={() => navigate('/DownloadUser')}>
            Download App
          </Button>
        </Stack>
      )}
      {!!stations.data?.length && (
        <ScrollTable
          minWidth={640}
          striped
          highlightOnHover
          columns={['Name', 'Status', 'Last seen', 'Last sync', <VisuallyHidden>Actions</VisuallyHidden>]}
        >
          {stations.data.map((s) => (
            <StationRow key={s.id} s={s} />
          ))}
        </ScrollTable>
      )}
      <PunchIssues />
      <AddStationModal opened={adding} onClose={() => setAdding(false)} />
    </AppPage>
  );
}
