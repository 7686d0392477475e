import { Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@punchclock/contract';
import { useState } from 'react';
import type { DepartmentView } from '../../api/people';
import { openConfirm } from '../../components/confirm';

interface PickerProps {
  options: DepartmentView[];
  onPick: (id: number | undefined) => void;
  error?: string;
}

function MovePicker({ options, onPick, error }: PickerProps) {
  const [value, setValue] = useState<string | null>(null);
  const pick = (v: string | null) => {
    setValue(v);
    onPick(v ? Number(v) : undefined);
  };
  return (
    <Select
      label="Move its employees to"
      placeholder="Choose a department"
      required
      value={value}
      onChange={pick}
      error={value ? undefined : error}
      data={options.map((o) => ({ value: String(o.id), label: o.dp_name }))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

const countText = (n: number) =>
  `It has ${n} employee${n === 1 ? '' : 's'}; they must move to another department first.`;

/**
 * Asks before deleting. A department with members cannot just vanish (the server answers 409),
 * so the prompt asks where they go and refuses to confirm until a target is chosen.
 */
export function confirmDepartmentDelete(
  d: DepartmentView,
  all: DepartmentView[],
  run: (moveTo?: number) => void,
) {
  const others = all.filter((o) => o.id !== d.id);
  const hasMembers = d.employee_count > 0;
  let moveTo: number | undefined;
  const body = (error?: string) => (
    <Stack gap="sm">
      <Text size="sm">{messages.departments.confirmDelete}</Text>
      {hasMembers && (
        <Text size="sm" fw={500}>
          {countText(d.employee_count)}
        </Text>
      )}
      {hasMembers && others.length === 0 && (
        <Text size="sm" c="red">
          Create another department to move them to.
        </Text>
      )}
      {hasMembers && others.length > 0 && (
        <MovePicker
          options={others}
          onPick={(id) => {
            moveTo = id;
          }}
          error={error}
        />
      )}
    </Stack>
  );
  let confirmed = false;
  const modalId = openConfirm({
    title: `Delete ${d.dp_name}`,
    children: body(),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red', disabled: hasMembers && others.length === 0 },
    closeOnConfirm: false,
    onConfirm: () => {
      // It stays open on Confirm (to ask where the employees go), so it guards a double click itself.
      if (confirmed) return;
      if (hasMembers && !moveTo) {
        modals.updateModal({ modalId, children: body('Choose where its employees go.') });
        return;
      }
      confirmed = true;
      modals.close(modalId);
      run(hasMembers ? moveTo : undefined);
    },
  });
}
