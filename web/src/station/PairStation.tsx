import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { stationCall } from './station-api';
import { saveStation } from './station-session';

export const HOW_TO_PAIR =
  'This browser is not a time station yet. A manager pairs it from Settings → Devices: choose "This browser" while logged in here, or create a pairing code and type it below.';

/** Pairing with a short code a manager created on /Device (a tablet has no manager logged in). */
export function PairStation({ onPaired, notice }: { onPaired: () => void; notice?: ReactNode }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pair() {
    setBusy(true);
    setError(null);
    try {
      const answer = await stationCall<{ token: string; station: { name: string } }>('/api/stations/pair', {
        code: code.trim().toUpperCase(),
      });
      saveStation({ token: answer.token, name: answer.station.name });
      onPaired();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="xl" radius="md" maw={460} mx="auto">
      <Stack>
        <Title order={1} size="h2">
          Set up this time station
        </Title>
        {notice}
        <Text>{HOW_TO_PAIR}</Text>
        <TextInput
          label="Pairing code"
          placeholder="e.g. K7Q2-M9XP"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && void pair()}
          maxLength={12}
          size="lg"
        />
        {error && <Alert color="red">{error}</Alert>}
        <Button size="lg" onClick={() => void pair()} loading={busy} disabled={!code.trim()}>
          Pair this station
        </Button>
      </Stack>
    </Paper>
  );
}
