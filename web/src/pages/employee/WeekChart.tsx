import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { hoursFromMinutes } from '@punchclock/contract';
import type { EmployeeHoursAnswer } from '../../api/earnings';

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/** This week's worked and paid hours by day (loaded on its own: the charts library is big). */
export default function WeekChart({ days }: { days: EmployeeHoursAnswer['days'] }) {
  const rows = days.map((d) => ({
    day: DAY.format(new Date(`${d.date}T00:00:00Z`)),
    worked: hoursFromMinutes(d.worked_minutes),
    paid: hoursFromMinutes(d.paid_minutes),
  }));
  return (
    <BarChart
      h={200}
      data={rows}
      dataKey="day"
      series={[
        { name: 'worked', label: 'Worked hours', color: 'blue.3' },
        { name: 'paid', label: 'Paid hours', color: 'blue.7' },
      ]}
      valueFormatter={(v) => v.toFixed(2)}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      gridAxis="y"
      // Whole hours on the axis, every tick shown: recharts dropped one (0, 3, 6, 12) and printed '12.00'.
      yAxisProps={{ width: 36, interval: 0, allowDecimals: false, tickFormatter: (v: number) => `${v}` }}
      barProps={{ maxBarSize: 22, radius: 3 }}
    />
  );
}
