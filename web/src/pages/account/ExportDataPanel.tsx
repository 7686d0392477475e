import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { DATA_EXPORT_SHEETS, messages } from '@punchclock/contract';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { type DataExportFormat, downloadYourData } from '../../api/data-export';
import { notifyError, notifySuccess } from '../../components/notify';

const DONE: Record<DataExportFormat, string> = {
  pdf: messages.export.pdfDone,
  xlsx: messages.export.excelDone,
};
const FAILED: Record<DataExportFormat, string> = {
  pdf: messages.export.pdfFailed,
  xlsx: messages.export.excelFailed,
};
const LABEL: Record<DataExportFormat, string> = { pdf: 'PDF', xlsx: 'Excel' };

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Export Your Data (a tab of the user settings page): the account's data as a PDF or an Excel workbook. */
export function ExportDataPanel({ userId }: { userId: number }) {
  const [busy, setBusy] = useState<DataExportFormat | null>(null);
  const [bytes, setBytes] = useState(0);

  const run = (format: DataExportFormat) => {
    setBusy(format);
    setBytes(0);
    downloadYourData(format, userId, setBytes)
      .then(() => notifySuccess(DONE[format]))
      .catch(() => notifyError(FAILED[format]))
      .finally(() => setBusy(null));
  };

  return (
    <Stack gap="md">
      <Text>
        Download everything your account holds: {Object.values(DATA_EXPORT_SHEETS).join(', ').toLowerCase()}.
        The Excel file has one sheet for each; the PDF one section for each.
      </Text>
      <Group gap="sm">
        <Button
          leftSection={<IconFileTypePdf size={18} />}
          onClick={() => run('pdf')}
          loading={busy === 'pdf'}
          disabled={busy !== null && busy !== 'pdf'}
        >
          Export as PDF
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} />}
          onClick={() => run('xlsx')}
          loading={busy === 'xlsx'}
          disabled={busy !== null && busy !== 'xlsx'}
        >
          Export as Excel
        </Button>
      </Group>
      {busy && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {bytes === 0
              ? `Building your ${LABEL[busy]} file…`
              : `Building your ${LABEL[busy]} file… ${sizeText(bytes)} received`}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
