import { DATE_FORMATS } from '@punchclock/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useScopedAdministrator } from '../../api/auth';
import { findReport, type ReportDefinition, fullReports, offeredTo } from '../../api/reports';
import { useAccountInstant, useSettings } from '../../api/settings';
import { formatDate } from '../punches/display-format';
import type { CellFormats } from './cells';
import { type PeriodPreset, presetPeriod, todayIn, weekStartIndex } from './periods';
import { BLANK, type FormValues, missingOf, runInUrl, runOf } from './report-params';
import { useReportRunner } from './report-runner';
import type { ReportPicker } from './ReportView';

/**
 * Run Report's state: the report chosen, its parameters and period preset, their errors, the run (kept in the
 * address so a reload, Back or Forward shows it again) and the account's formats for its cells.
 */
export function useRunReport(initialReport?: string) {
  const [params, setParams] = useSearchParams();
  const settingsQ = useSettings();
  const settings = settingsQ.data;
  const { when } = useAccountInstant();
  const formats: CellFormats = {
    date: (d) => formatDate(d, settings?.date_format ?? DATE_FORMATS[0]),
    when: (iso) => when(iso),
    currency: settings?.currency,
  };
  const weekStart = weekStartIndex(settings);
  const today = () => todayIn(settings?.time_zone);

  const defaultsFor = (r: ReportDefinition | undefined): FormValues => {
    const period = r?.params.some((p) => p === 'start_date')
      ? presetPeriod('this_week', today(), weekStart)
      : null;
    return { ...BLANK, ...(period ?? {}) };
  };

  const [reportName, setReportName] = useState<string | null>(
    () => findReport(params.get('report') ?? initialReport)?.name ?? null,
  );
  const report = findReport(reportName);
  // A run in the address (the last one run here, before a reload or Back) is set up and run again.
  const [fromUrl] = useState(() => runInUrl(report, params));
  const [values, setValues] = useState<FormValues>(() => fromUrl ?? defaultsFor(report));
  const [preset, setPreset] = useState<PeriodPreset>(fromUrl ? 'custom' : 'this_week');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notChosen, setNotChosen] = useState(false);
  const runner = useReportRunner();
  const scoped = useScopedAdministrator();

  const choose = (name: string | null) => {
    const r = findReport(name);
    setReportName(r?.name ?? null);
    setValues(defaultsFor(r));
    setPreset('this_week');
    setErrors({});
    setNotChosen(false);
    runner.clear();
    setParams(r ? { report: r.name } : {}, { replace: true });
  };

  // The settings (the account's zone and Week Starts On) may arrive after the form was set up, on a fresh load
  // of the page: a preset period still chosen is moved onto the account's calendar, not left on the browser's
  // day and a Monday week.
  const todayNow = today();
  useEffect(() => {
    if (preset === 'custom' || !report?.params.some((p) => p === 'start_date')) return;
    const period = presetPeriod(preset, todayNow, weekStart);
    if (!period) return;
    setValues((old) =>
      old.start_date === period.start_date && old.end_date === period.end_date ? old : { ...old, ...period },
    );
  }, [preset, todayNow, weekStart, report]);

  const change = (v: Partial<FormValues>) => {
    setValues((old) => ({ ...old, ...v }));
    if ('start_date' in v || 'end_date' in v) setPreset('custom');
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(v)) delete next[k];
      return next;
    });
  };
  const pickPreset = (p: PeriodPreset) => {
    setPreset(p);
    const period = presetPeriod(p, today(), weekStart);
    if (period) {
      setValues((old) => ({ ...old, ...period }));
      setErrors((e) => ({ ...e, start_date: '', end_date: '' }));
    }
  };

  const current = report ? runOf(report, values) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!report) {
      setNotChosen(true);
      return;
    }
    const missing = missingOf(report, values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const run = runOf(report, values);
    runner.start(run);
    // The run goes into the address, so a reload, Back or Forward shows it again.
    setParams(
      Object.fromEntries(
        Object.entries({ ...run, report: report.name, reportname: undefined })
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ),
      { replace: true },
    );
  };
  useEffect(() => {
    if (report && fromUrl && Object.keys(missingOf(report, fromUrl)).length === 0)
      runner.start(runOf(report, fromUrl));
    // Once, for the run the page was opened with.
  }, []);

  const picker: ReportPicker = {
    data: offeredTo(scoped, fullReports(report)).map((r) => ({ value: r.name, label: r.title })),
    value: reportName,
    onChange: choose,
    searchable: true,
    notChosen,
  };
  return { report, values, change, preset, pickPreset, errors, picker, current, submit, runner, formats };
}
