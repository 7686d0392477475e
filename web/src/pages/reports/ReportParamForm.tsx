import { Checkbox, SimpleGrid, Stack, Text, TextInput, Select } from '@mantine/core';
import { useMemo } from 'react';
import { type EmployeeView, useDepartments, useReportEmployees } from '../../api/people';
import type { ReportDefinition } from '../../api/reports';
import { foldedFilter } from '../../components/folded-filter';
import { PresetButtons } from '../../components/PresetButtons';
import { type PeriodPreset, PERIOD_PRESETS } from './periods';
import { type FormValues, labelOf } from './report-params';

/** The fields of the parameters a report reads (from the contract's registry), with the period presets. */
export function ReportParamForm({
  report,
  values,
  onChange,
  preset,
  onPreset,
  errors,
}: {
  report: ReportDefinition;
  values: FormValues;
  onChange: (v: Partial<FormValues>) => void;
  preset: PeriodPreset;
  onPreset: (p: PeriodPreset) => void;
  errors: Record<string, string>;
}) {
  const has = (p: string) => report.params.some((q) => q === p);
  const required = (p: string) => report.required.some((q) => q === p);
  const employees = useReportEmployees();
  const departments = useDepartments();
  // Deleted employees stay pickable, marked, after the current ones: their past weeks still report.
  const employeeOptions = useMemo(() => {
    const option = (e: EmployeeView) => ({
      value: String(e.id),
      label: `${e.name} (${e.employee_id})${e.deleted_at ? ' (deleted)' : ''}`,
    });
    const all = employees.data ?? [];
    return [...all.filter((e) => !e.deleted_at), ...all.filter((e) => e.deleted_at)].map(option);
  }, [employees.data]);
  const departmentOptions = useMemo(
    () => (departments.data ?? []).map((d) => ({ value: String(d.id), label: d.dp_name })),
    [departments.data],
  );
  if (report.params.length === 0)
    return (
      <Text c="dimmed" size="sm">
        This report has no parameters.
      </Text>
    );
  return (
    <Stack gap="sm">
      {has('start_date') && has('end_date') && (
        <PresetButtons presets={PERIOD_PRESETS} chosen={preset} onPick={onPreset} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        {has('employee_id') && (
          <Select
            label={labelOf('employee_id')}
            placeholder="All employees"
            data={employeeOptions}
            filter={foldedFilter}
            value={values.employee_id}
            onChange={(v) => onChange({ employee_id: v })}
            searchable
            clearable
            withAsterisk={required('employee_id')}
            error={errors.employee_id}
            nothingFoundMessage="No employees"
          />
        )}
        {has('department_id') && (
          <Select
            label={labelOf('department_id')}
            placeholder="All departments"
            data={departmentOptions}
            filter={foldedFilter}
            value={values.department_id}
            onChange={(v) => onChange({ department_id: v })}
            searchable
            clearable
            withAsterisk={required('department_id')}
            error={errors.department_id}
            nothingFoundMessage="No departments"
          />
        )}
        {has('start_date') && (
          <TextInput
            type="date"
            label={labelOf('start_date')}
            value={values.start_date}
            onChange={(e) => onChange({ start_date: e.currentTarget.value })}
            withAsterisk={required('start_date')}
            error={errors.start_date}
          />
        )}
        {has('end_date') && (
          <TextInput
            type="date"
            label={labelOf('end_date')}
            value={values.end_date}
            onChange={(e) => onChange({ end_date: e.currentTarget.value })}
            withAsterisk={required('end_date')}
            error={errors.end_date}
          />
        )}
      </SimpleGrid>
      {has('show_deleted_employees') && (
        <Checkbox
          label={labelOf('show_deleted_employees')}
          checked={values.show_deleted_employees}
          onChange={(e) => onChange({ show_deleted_employees: e.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
