import { Alert, SimpleGrid, TextInput } from '@mantine/core';
import { DATE_FORMATS, OWN_REPORTS, periodProblem, REPORTS, TIME_FORMATS } from '@punchclock/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useCurrentUser, useOwnPermissions } from '../../api/auth';
import { useWeekHours } from '../../api/earnings';
import { AppPage } from '../../components/AppPage';
import { formatDate, formatInstant } from '../punches/display-format';
import type { CellFormats } from '../reports/cells';
import { type PeriodPreset, PERIOD_PRESETS, presetPeriod, todayIn, weekStartIndex } from '../reports/periods';
import { useReportRunner } from '../reports/report-runner';
import { ReportView } from '../reports/ReportView';
import { PresetButtons } from '../../components/PresetButtons';

const OPTIONS = OWN_REPORTS.map((name) => ({
  value: name,
  label: REPORTS.find((r) => r.name === name)?.title ?? name,
}));

/**
 * The employee's reports (/UserReport, docs/RULES.md#employee-reports): Activity, Daily Summary, Department
 * Summary and Shift Details over a period, through the same registry and POST /getdata as the manager's; the
 * server limits every run to the signed-in employee. Shown with Run Reports only (the server refuses the
 * others).
 */
export default function UserReport() {
  const permissions = useOwnPermissions();
  const user = useCurrentUser();
  // The signed-in user carries the account's time zone, Date Format and Time Format (sign-up's until it loads).
  const display = {
    date_format: user.data?.date_format ?? DATE_FORMATS[0],
    time_format: user.data?.time_format ?? TIME_FORMATS[0],
  };
  const zone = user.data?.time_zone;
  const formats: CellFormats = {
    date: (d) => formatDate(d, display.date_format),
    when: (iso) => formatInstant(iso, display, zone),
    currency: user.data?.currency,
  };

  const [reportName, setReportName] = useState<string | null>(OWN_REPORTS[1]);
  const [preset, setPreset] = useState<PeriodPreset>('this_week');
  // Weeks start on the account's Week Starts On (an employee reads it with their week's hours, as the home page).
  const weekStart = weekStartIndex(useWeekHours().data);
  const today = todayIn(zone);
  const [period, setPeriod] = useState(() => presetPeriod('this_week', today, weekStart)!);
  const [notChosen, setNotChosen] = useState(false);
  const runner = useReportRunner();
  // The zone and the week start may arrive after the form was set up: a preset still chosen follows them.
  useEffect(() => {
    const next = preset === 'custom' ? null : presetPeriod(preset, today, weekStart);
    if (next)
      setPeriod((old) => (old.start_date === next.start_date && old.end_date === next.end_date ? old : next));
  }, [preset, today, weekStart]);

  if (user.data && !permissions.run_reports)
    return (
      <AppPage title="Reports">
        <Alert color="yellow">
          Your account does not run reports. Ask your manager to allow Run Reports.
        </Alert>
      </AppPage>
    );

  const pickPreset = (p: PeriodPreset) => {
    setPreset(p);
    const next = presetPeriod(p, today, weekStart);
    if (next) setPeriod(next);
  };
  const current = reportName ? { reportname: reportName, ...period } : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reportName) {
      setNotChosen(true);
      return;
    }
    runner.start({ reportname: reportName, ...period });
  };
  // The server's own check and message (contract checkPeriod), shown before the request is sent.
  const periodError = periodProblem(period.start_date, period.end_date);

  return (
    <ReportView
      title="Reports"
      description="Your own time over a period; export it as CSV, Excel or PDF."
      runner={runner}
      current={current}
      formats={formats}
      picker={{
        data: OPTIONS,
        value: reportName,
        onChange: (v) => {
          setReportName(v);
          setNotChosen(false);
          runner.clear();
        },
        notChosen,
      }}
      onSubmit={submit}
      runDisabled={!period.start_date || !period.end_date || !!periodError}
    >
      <PresetButtons presets={PERIOD_PRESETS} chosen={preset} onPick={pickPreset} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput
          type="date"
          label="Start Date"
          withAsterisk
          value={period.start_date}
          onChange={(e) => {
            const start_date = e.currentTarget.value;
            setPreset('custom');
            setPeriod((p) => ({ ...p, start_date }));
          }}
        />
        <TextInput
          type="date"
          label="End Date"
          withAsterisk
          value={period.end_date}
          error={periodError}
          onChange={(e) => {
            const end_date = e.currentTarget.value;
            setPreset('custom');
            setPeriod((p) => ({ ...p, end_date }));
          }}
        />
      </SimpleGrid>
    </ReportView>
  );
}
