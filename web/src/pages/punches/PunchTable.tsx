import { Text } from '@mantine/core';

/** An employee's punches (Date, Time In, Time Out, Hours, Type, Notes, position). Placeholder until the punches screens land. */
export function PunchTable({ employeeId }: { employeeId: number }) {
  return <Text c="dimmed">Punches of employee {employeeId} appear here.</Text>;
}
