import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { PayPeriod } from '../../api/pay-periods';
import { notifyError } from '../../components/notify';

/** What a period row downloads: its Payroll Summary (the CSV is the one its checksum is of) and its payroll export. */
const FILES = [
  { report: 'Payroll Summary', format: 'csv', label: 'Payroll Summary (CSV)' },
  { report: 'Payroll Summary', format: 'xlsx', label: 'Payroll Summary (Excel)' },
  { report: 'Timesheet', format: 'pdf', label: 'Timesheet (PDF)' },
  { report: 'Payroll Export', format: 'csv', label: 'Payroll export (CSV)' },
  { report: 'Payroll Export', format: 'xlsx', label: 'Payroll export (Excel)' },
] as const;

/**
 * The period's files (docs/RULES.md#pay-periods): the reports run over exactly its days, so an approved period's
 * come from its stored figures and read the same every time.
 */
export function PeriodDownload({ period }: { period: PayPeriod }) {
  const [busy, setBusy] = useState(false);
  const get = async (f: (typeof FILES)[number]) => {
    setBusy(true);
    try {
      const name = `${f.report}-${period.start_date}-${period.end_date}.${f.format}`;
      await downloadFile('/getdata', name, {
        reportname: f.report,
        start_date: period.start_date,
        end_date: period.end_date,
        format: f.format,
      });
    } catch (e) {
      notifyError(messageOf(e, 'Could not download the file.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          loading={busy}
          leftSection={<IconDownload size={14} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={`Download ${period.start_date} to ${period.end_date}`}
        >
          Download
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FILES.map((f) => (
          <Menu.Item key={f.label} onClick={() => void get(f)}>
            {f.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
