import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ATTENDANCE_MODES,
  DATE_FORMATS,
  knownCurrencies,
  messages,
  settingsBody,
  TIME_FORMATS,
  TIME_ROUNDING,
  WEEK_STARTS,
} from '@punchclock/contract';
import { Link } from 'react-router';
import { messageOf } from '../../api/client';
import { type SettingsInput, type SettingsView, useSaveSettings, useSettings } from '../../api/settings';
import { AppPage } from '../../components/AppPage';
import { notifyError, notifySuccess } from '../../components/notify';
import { schemaErrors } from '../../forms/validation';
import { useSession } from '../../session/session';

const LINKS = [
  ['Administrators', '/Administrator'],
  ['Devices', '/Device'],
  ['Custom Fields', '/CustomFields'],
  ['Upgrade Account', '/PricingUser'],
  ['API Keys', '/APIKeys'],
  ['Activity Logs', '/ActivityLogs'],
  ['Pay Rules', '/PayRules'],
  ['Pay Periods', '/PayPeriods'],
] as const;

const NO_ROUNDING = 'None';
const ROUNDING = [NO_ROUNDING, ...TIME_ROUNDING];

/** Every IANA zone the browser knows, plus the saved one in case this browser lacks it. */
function zonesWith(saved: string): string[] {
  const all = Intl.supportedValuesOf('timeZone');
  return saved && !all.includes(saved) ? [saved, ...all] : all;
}

/** Every currency this browser's Intl knows (USD, EUR, GBP, CAD, AUD, CHF first), plus the saved one. */
function currencyOptions(saved: string): string[] {
  const all = knownCurrencies();
  return saved && !all.includes(saved) ? [saved, ...all] : [...all];
}

type FormValues = Omit<SettingsInput, 'time_rounding' | 'user_id'> & {
  time_rounding: NonNullable<SettingsInput['time_rounding']> | typeof NO_ROUNDING;
};

const DEFAULTS: FormValues = {
  company_name: '',
  attendance_mode: ATTENDANCE_MODES[0],
  time_zone: 'UTC',
  enable_gps_tracking: false,
  require_location: false,
  enable_covid_screening: false,
  time_rounding: NO_ROUNDING,
  display_round_in_out_times: false,
  date_format: DATE_FORMATS[0],
  time_format: TIME_FORMATS[0],
  week_start: WEEK_STARTS[0],
  currency: 'USD',
};

function valuesOf(s: SettingsView | null | undefined): FormValues {
  if (!s) return DEFAULTS;
  // The form's fields, read from the saved settings by the defaults' keys (the view has more: ids, times).
  const saved = Object.fromEntries(Object.keys(DEFAULTS).map((k) => [k, s[k as keyof SettingsView]]));
  return {
    ...(saved as FormValues),
    week_start: s.week_start ?? WEEK_STARTS[0],
    currency: s.currency ?? 'USD',
    time_rounding: s.time_rounding ?? NO_ROUNDING,
  };
}

/** What the form sends: no rounding as null; location can only be required while GPS tracking is on. */
const bodyOf = (v: FormValues) => ({
  ...v,
  time_rounding: v.time_rounding === NO_ROUNDING ? null : v.time_rounding,
  require_location: v.enable_gps_tracking && v.require_location,
});

/**
 * The form over the saved settings (null: the account has none yet, so the defaults). Until they are here
 * (loading, or their load failed) every field and the save are disabled: what is typed meanwhile would be lost when the form remounts with them, and saving the defaults
 * would overwrite the account's real settings (its time zone moves every punch's day and time).
 */
function SettingsForm({ saved }: { saved: SettingsView | null | undefined }) {
  const form = useForm<FormValues>({
    initialValues: valuesOf(saved),
    // The server's own rules (contract settingsBody), said before the round trip.
    validate: (v) => schemaErrors(settingsBody, bodyOf(v)),
  });
  const save = useSaveSettings();
  const userId = useSession().user?.user_id;
  const gps = form.values.enable_gps_tracking;

  const submit = (v: FormValues) =>
    save.mutate(
      { ...bodyOf(v), user_id: userId },
      {
        onSuccess: () => notifySuccess(messages.settings.saved),
        onError: (e) => notifyError(messageOf(e, 'Failed to save the settings.')),
      },
    );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={form.onSubmit(submit)}>
      <fieldset className="plain-fieldset" disabled={saved === undefined}>
        <Stack>
          <TextInput label="Company Name" maxLength={120} {...form.getInputProps('company_name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Attendance Mode"
              data={[...ATTENDANCE_MODES]}
              allowDeselect={false}
              {...form.getInputProps('attendance_mode')}
            />
            <Select
              label="Time Zone"
              data={zonesWith(form.values.time_zone)}
              searchable
              allowDeselect={false}
              limit={50}
              {...form.getInputProps('time_zone')}
            />
          </SimpleGrid>
          <Checkbox
            label="Enable GPS Tracking"
            {...form.getInputProps('enable_gps_tracking', { type: 'checkbox' })}
          />
          <Checkbox
            label="Require Location"
            disabled={!gps}
            ml="lg"
            {...form.getInputProps('require_location', { type: 'checkbox' })}
            checked={gps && form.values.require_location}
          />
          <Checkbox
            label="Enable COVID Screening"
            {...form.getInputProps('enable_covid_screening', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Time Rounding"
              data={ROUNDING}
              allowDeselect={false}
              {...form.getInputProps('time_rounding')}
            />
            <Select
              label="Date Format"
              data={[...DATE_FORMATS]}
              allowDeselect={false}
              {...form.getInputProps('date_format')}
            />
            <Select
              label="Time Format"
              data={[...TIME_FORMATS]}
              allowDeselect={false}
              {...form.getInputProps('time_format')}
            />
            <Select
              label="Week Starts On"
              data={[...WEEK_STARTS]}
              allowDeselect={false}
              {...form.getInputProps('week_start')}
            />
            <Select
              label="Currency"
              description="How money is shown in screens, reports and exports"
              data={currencyOptions(form.values.currency)}
              searchable
              allowDeselect={false}
              limit={50}
              {...form.getInputProps('currency')}
            />
          </SimpleGrid>
          <Checkbox
            label="Display Round In/Out Times"
            {...form.getInputProps('display_round_in_out_times', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={saved === undefined || save.isPending}>
              {save.isPending ? messages.settings.saving : 'Save Settings'}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </Paper>
  );
}

/** /Settings: links to the other account screens, then the account-wide settings form. */
export default function SettingsPage() {
  const settings = useSettings();
  return (
    <AppPage title="Settings" size="md">
      <Group gap="xs" mb="lg">
        {LINKS.map(([label, to]) => (
          <Button key={to} component={Link} to={to} variant="light">
            {label}
          </Button>
        ))}
      </Group>
      <Title order={2} fz="lg" mb="sm">
        Company Settings
      </Title>
      {settings.isError && (
        <Alert color="red" mb="md">
          {messageOf(settings.error, 'Failed to load the settings.')}
        </Alert>
      )}
      {/* Remounts once the row arrives so the fields start from what the server holds; not on save,
          which would drop the save's own success callback along with the old form. */}
      <SettingsForm key={settings.data ? 'loaded' : 'loading'} saved={settings.data} />
    </AppPage>
  );
}
