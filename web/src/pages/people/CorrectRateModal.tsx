import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@punchclock/contract';
import { useCurrentUser } from '../../api/auth';
import { fieldErrors, messageOf } from '../../api/client';
import { type EmployeeView, usePeopleMutations } from '../../api/people';
import { notifyError, notifySuccess } from '../../components/notify';
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
    validate: {
      hourly_rate: (v) => (v === '' || Number(v) < 0 ? 'Enter an hourly rate of 0 or more.' : null),
      rate_effective_from: (v) => rateFromProblem(v, today),
    },
  });
  const submit = form.onSubmit((v) =>
    changeRate.mutate(
      { id: employee.id, hourly_rate: Number(v.hourly_rate), rate_effective_from: v.rate_effective_from },
      {
        onSuccess: () => {
          notifySuccess(messages.employees.rateCorrected);
          onClose();
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          notifyError(messageOf(e, messages.employees.updateFailed));
        },
      },
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={changeRate.isPending}>
              Save Rate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
