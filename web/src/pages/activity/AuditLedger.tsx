import { Alert, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { AUDIT_TEXT, type AuditBroken } from '@punchclock/contract';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useState } from 'react';
import { exportAuditLedger, useAuditVerify } from '../../api/audit';
import { ApiError, messageOf } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/notify';
import { DownloadButton } from '../../components/DownloadButton';

/** Where the chain breaks, in words: "Entry 12 · Punch 34 · <time>: the row was changed outside the app". */
export function brokenLine(b: AuditBroken, when: (iso: string | null) => string): string {
  const parts = [
    b.entry !== null ? `Entry ${b.entry}` : null,
    b.table !== null && b.id !== null ? `${AUDIT_TEXT.tables[b.table]} ${b.id}` : null,
    b.at ? when(b.at) : null,
  ].filter((p) => p !== null);
  return `${parts.join(' · ')}: ${AUDIT_TEXT.reasons[b.reason]}`;
}

/**
 * The tamper-evident ledger's state on the Activity Logs page (docs/RULES.md#tamper-evident-ledger): intact with
 * its entries and head, or broken at its first entry that no longer matches. Only the account owner and full
 * administrators are answered; for anyone else (403) it shows nothing.
 */
export function AuditLedger({ when }: { when: (iso: string | null) => string }) {
  const check = useAuditVerify();
  const [exporting, setExporting] = useState(false);
  if (check.error instanceof ApiError && check.error.status === 403) return null;
  const download = () => {
    setExporting(true);
    exportAuditLedger()
      .then(() => notifySuccess(AUDIT_TEXT.downloaded))
      .catch((e: unknown) => notifyError(messageOf(e, AUDIT_TEXT.downloadFailed)))
      .finally(() => setExporting(false));
  };
  const again = (
    <Button size="xs" variant="light" onClick={() => void check.refetch()} loading={check.isFetching}>
      Check again
    </Button>
  );
  if (check.isLoading)
    return (
      <Paper withBorder p="sm" mb="md" aria-label={AUDIT_TEXT.title}>
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{AUDIT_TEXT.checking}</Text>
        </Group>
      </Paper>
    );
  if (check.isError || !check.data)
    return (
      <Alert color="red" mb="md" title={AUDIT_TEXT.title}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">{messageOf(check.error, AUDIT_TEXT.failed)}</Text>
          {again}
        </Group>
      </Alert>
    );
  const { ok, entries, head, first_broken } = check.data;
  return (
    <Alert
      color={ok ? 'green' : 'red'}
      mb="md"
      icon={ok ? <IconShieldCheck size={18} /> : <IconShieldX size={18} />}
      title={ok ? AUDIT_TEXT.ok : AUDIT_TEXT.broken}
      data-testid="audit-ledger"
    >
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {!ok && first_broken && <Text size="sm">{brokenLine(first_broken, when)}</Text>}
          <Text size="sm" c="dimmed">
            {entries.toLocaleString('en-US')} {AUDIT_TEXT.entries}
            {head ? ` · head ${head.slice(0, 16)}…` : ''}
          </Text>
        </div>
        <Group gap="xs">
          {again}
          <DownloadButton size="xs" variant="default" onClick={download} loading={exporting}>
            Download ledger
          </DownloadButton>
        </Group>
      </Group>
    </Alert>
  );
}
