import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { hoursFromMinutes } from '@punchclock/contract';
import type { DashboardAnswer } from '../../api/dashboard';

/** Paid hours this week by department, as horizontal bars (long department names stay readable on phones). */
export default function HoursChart({ data }: { data: DashboardAnswer['hours_by_department'] }) {
  const rows = data.map((d) => ({ department: d.department, hours: hoursFromMinutes(d.paid_minutes) }));
  return (
    <BarChart
      h={Math.max(120, 40 * rows.length + 50)}
      data={rows}
      dataKey="department"
      orientation="vertical"
      series={[{ name: 'hours', label: 'Paid hours', color: 'blue.6' }]}
      valueFormatter={(v) => v.toFixed(2)}
      // Whole hours on the axis (a first morning's few minutes used to read 0.00, 0.01, 0.01, 0.01, 0.02),
      // at least one hour wide; the bars' own values keep their two decimals.
      xAxisProps={{
        allowDecimals: false,
        domain: [0, (max: number) => Math.max(1, Math.ceil(max))],
        tickFormatter: (v: number) => String(v),
      }}
      yAxisProps={{ width: 110 }}
      gridAxis="x"
      barProps={{ maxBarSize: 28, radius: 4 }}
    />
  );
}
