import { Checkbox, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  EMPLOYEE_FLAGS,
  effectiveFlags as effectiveContractFlags,
  type EmployeeFlag,
  FLAG_GROUPS,
} from '@punchclock/contract';

export type Flags = Record<EmployeeFlag, boolean>;

/** What each permission is called on the forms. */
const LABELS: Record<EmployeeFlag, string> = {
  email_notification: 'Send Email Notification',
  send_check_in_notification: 'Email Notification on Check In',
  send_check_out_notification: 'Email Notification on Check Out',
  permission_app: 'App Login (punch at time stations)',
  solo_mode: 'Solo Mode',
  use_card_or_pin: 'Use Card or PIN',
  allow_other_employees: 'Allow Other Employees',
  permission_site: 'Site Login',
  create_time_entries: 'Create Time Entries',
  edit_time_entries: 'Edit Time Entries',
  punch_in_out: 'Punch In/Out',
  run_reports: 'Run Reports',
  view_gps_location: 'View GPS Location',
  view_pay_information: 'View Pay Information',
};

/** Each parent permission and the options that only mean something while it is on (the contract's hierarchy). */
const GROUP_ORDER = ['email_notification', 'permission_app', 'permission_site'] as const;
export const PERMISSION_GROUPS = GROUP_ORDER.map((parent) => ({
  parent,
  label: LABELS[parent],
  children: FLAG_GROUPS[parent].map((f) => [f, LABELS[f]] as const),
}));

export const noFlags = (): Flags => Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, false])) as Flags;

/** A new employee starts with App Login, which is what lets them punch at a time station. */
export const newEmployeeFlags = (): Flags => ({ ...noFlags(), permission_app: true });

/** What is sent: a hidden sub-option is always false (the server applies the same rule on save). */
export const effectiveFlags = (flags: Flags): Flags => effectiveContractFlags(flags);

export function PermissionGroups({ flags, onChange }: { flags: Flags; onChange: (f: Flags) => void }) {
  const set = (f: EmployeeFlag, on: boolean) => onChange({ ...flags, [f]: on });
  return (
    <Stack gap="sm">
      <Text fw={600}>Permissions</Text>
      {PERMISSION_GROUPS.map((g) => (
        <Paper key={g.parent} withBorder p="sm">
          <Checkbox
            label={g.label}
            checked={flags[g.parent]}
            onChange={(e) => set(g.parent, e.currentTarget.checked)}
          />
          {flags[g.parent] && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm" ml="lg" data-testid={`${g.parent}-options`}>
              {g.children.map(([f, label]) => (
                <Checkbox
                  key={f}
                  label={label}
                  checked={flags[f]}
                  onChange={(e) => set(f, e.currentTarget.checked)}
                />
              ))}
            </SimpleGrid>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
