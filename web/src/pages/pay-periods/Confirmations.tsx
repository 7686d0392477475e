import { Badge, Checkbox, Stack, Text, Tooltip } from '@mantine/core';
import { messages, type PayPeriodConfirmation } from '@punchclock/contract';
import { confirmOn, useConfirmSettings, useSaveConfirmSettings } from '../../api/confirmations';
import { messageOf } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/notify';

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/** When someone confirmed, in the browser's clock (a moment, not a day of the account). */
export const confirmedWhen = (iso: string) => WHEN.format(new Date(iso));

/**
 * The account's option "Employees confirm their timesheet" (docs/RULES.md#pay-periods): a switch the owner and
 * full administrators turn; the server refuses anyone else, and the refusal is shown as it answers.
 */
export function ConfirmOption() {
  const settings = useConfirmSettings();
  const save = useSaveConfirmSettings();
  const on = confirmOn(settings.data);
  return (
    <Checkbox
      label={messages.confirmations.optionLabel}
      description={messages.confirmations.optionHint}
      checked={on}
      disabled={settings.isPending || save.isPending}
      onChange={(e) =>
        save.mutate(
          { employees_confirm: e.currentTarget.checked },
          {
            onSuccess: (r) => notifySuccess(r.message),
            onError: (err) => notifyError(messageOf(err, 'Could not save the setting.')),
          },
        )
      }
    />
  );
}

/** A period's confirmations in the list: how many, and who and when (names listed, the time on hover). */
export function ConfirmedCell({ confirmations }: { confirmations?: PayPeriodConfirmation[] }) {
  const list = confirmations ?? [];
  if (!list.length)
    return (
      <Text size="xs" c="dimmed" aria-label="Nobody confirmed">
        –
      </Text>
    );
  return (
    <Stack gap={2} data-testid="confirmations">
      <Badge variant="light" color="teal" w="fit-content">
        {list.length} confirmed
      </Badge>
      {list.map((c) => (
        <Tooltip
          key={c.employee_ref}
          label={messages.confirmations.confirmedOn(confirmedWhen(c.confirmed_at))}
        >
          <Text size="xs">{c.employee_name}</Text>
        </Tooltip>
      ))}
    </Stack>
  );
}
