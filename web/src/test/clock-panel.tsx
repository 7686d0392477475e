import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { ClockPanel } from '../station/ClockPanel';

/** A station's settings as the clock panel reads them: UTC, 24-hour times, nothing asked before a punch. */
export const panelSettings: Parameters<typeof ClockPanel>[0]['settings'] = {
  enable_gps_tracking: false,
  require_location: false,
  enable_covid_screening: false,
  attendance_mode: 'Attendance and Time Tracking',
  time_zone: 'UTC',
  date_format: 'MM/DD/YY',
  time_format: '24 Hours',
};

/** The panel's button of that name, or null. */
export const panelButton = (name: string) =>
  screen.queryByRole('button', { name }) as HTMLButtonElement | null;

/**
 * Renders the clock panel and identifies an employee by Employee ID, as at the station, until `name` (the
 * faked look-up's employee) shows.
 */
export async function identifyOnPanel(code = 'E7', name = 'Ann Lee') {
  render(
    <MantineProvider>
      <ClockPanel settings={panelSettings} />
    </MantineProvider>,
  );
  const field = screen.getByLabelText('Employee ID');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.keyDown(field, { key: 'Enter' });
  await screen.findByText(name);
}
