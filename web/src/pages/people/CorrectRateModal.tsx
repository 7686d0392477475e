import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, rateChangeBody } from '@punchclock/contract';
import { useCurrentUser } from '../../api/auth';
import { type EmployeeView, usePeopleMutations } from '../../api/people';
import { FormActions } from '../../components/FormActions';
import { saveCallbacks } from '../../forms/save-callbacks';
import { firstErrors, problemErrors, schemaErrors } from '../../forms/validation';
import { todayIn } from '../reports/periods';
import { HourlyRateInput, RateFromInput, rateFromProblem } from './rate-fields';

/**
 * The hourly rate of a deleted employee, alone: their days are still paid and reported, so a wrong rate must stay
 * correctable, while everything else about them stays as it was (the edit dialog is for current employees).
 */
export function CorrectRateModal({
  employee,
  opened,
  onClose,
}: {
  employee: EmployeeView;
  opened: boolean;
  onClose: () => void;
}) {
  const { changeRate } = usePeopleMutations();
  const today = todayIn(useCurrentUser().data?.time_zone);
  const form = useForm({
    initialValues: { hourly_rate: Number(employee.hourly_rate) || 0, rate_effective_from: today } as {
      hourly_rate: number | string;
      rate_effective_from: string;
    },
    // The form's own checks first (a blank rate, a day after today), then the contract's, as the server says them.
    validate: (v) =>
      firstErrors(
        problemErrors({
          hourly_rate:
            v.hourly_rate === '' || Number(v.hourly_rate) < 0 ? 'Enter an hourly rate of 0 or more.' : null,
          rate_effective_from: rateFromProblem(v.rate_effective_from, today),
        }),
        schemaErrors(rateChangeBody, v),
      ),
  });
  const submit = form.onSubmit((v) =>
    changeRate.mutate(
      { id: employee.id, hourly_rate: Number(v.hourly_rate), rate_effective_from: v.rate_effective_from },
      saveCallbacks(form, messages.employees.rateCorrected, messages.employees.updateFailed, onClose),
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Correct Hourly Rate">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {messages.employees.rateCorrectHint}
          </Text>
          <HourlyRateInput data-autofocus {...form.getInputProps('hourly_rate')} />
          <RateFromInput today={today} {...form.getInputProps('rate_effective_from')} />
          <FormActions onCancel={onClose} busy={changeRate.isPending} submitLabel="Save Rate" />
        </Stack>
      </form>
    </Modal>
  );
}
