import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CUSTOM_FIELD_TYPES, customFieldBody, messages } from '@punchclock/contract';
import { fieldErrors, messageOf } from '../../api/client';
import { type CustomFieldInput, type CustomFieldView, usePeopleMutations } from '../../api/people';
import { notifyError, notifySuccess } from '../../components/notify';
import { FormActions } from '../../components/FormActions';
import { firstErrors, problemErrors, schemaErrors } from '../../forms/validation';

const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((t) => ({ value: t, label: t[0].toUpperCase() + t.slice(1) }));

/** The form's values: the type stays empty until one is chosen. */
type FieldValues = Omit<CustomFieldInput, 'field_type'> & { field_type: CustomFieldInput['field_type'] | '' };

const initialOf = (f?: CustomFieldView): FieldValues =>
  f
    ? { field_name: f.field_name, field_type: f.field_type, field_options: f.allow_duplicates }
    : { field_name: '', field_type: '', field_options: false };

interface Props {
  /** The field to edit; absent creates a new one. */
  field?: CustomFieldView;
  onDone: () => void;
  onClose: () => void;
}

/** Create or edit one custom field; used by /CreateCustomField and the modal on /CustomFields. */
export function CustomFieldForm({ field, onDone, onClose }: Props) {
  const { createField, updateField } = usePeopleMutations();
  const form = useForm<FieldValues>({ initialValues: initialOf(field) });
  const busy = createField.isPending || updateField.isPending;
  const fail = (e: unknown) => {
    form.setErrors(fieldErrors(e));
    const msg = messageOf(e, messages.general.genericError);
    notifyError(field ? `Error updating field: ${msg}` : messages.customFields.createError(msg));
  };
  const done = (a: { message: string }) => {
    notifySuccess(a.message || (field ? 'Field updated successfully' : 'Field created successfully'));
    onDone();
  };
  const submit = form.onSubmit((v) => {
    const { field_type } = v;
    const field_name = v.field_name.trim();
    // Both name and type are needed, then the contract's checks (the server's words): say so once instead of
    // sending a request the server would refuse.
    const required = problemErrors({
      field_name: field_name ? null : 'Field name is required.',
      field_type: field_type ? null : 'Type is required.',
    });
    const errors = firstErrors(required, schemaErrors(customFieldBody, v));
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      if (Object.keys(required).length) notifyError(messages.customFields.requiredFields);
      return;
    }
    if (!field_type) return;
    const body = { ...v, field_name, field_type };
    if (field) updateField.mutate({ ...body, id: field.id }, { onSuccess: done, onError: fail });
    else createField.mutate(body, { onSuccess: done, onError: fail });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Field Name"
          required
          maxLength={80}
          data-autofocus
          {...form.getInputProps('field_name')}
        />
        <Select
          label="Type"
          required
          placeholder="Choose a type"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('field_type')}
        />
        <Checkbox label="Allow Duplicates" {...form.getInputProps('field_options', { type: 'checkbox' })} />
        <FormActions
          onCancel={onClose}
          cancelLabel="Close"
          busy={busy}
          busyLabel="Saving..."
          submitLabel="Submit"
        />
      </Stack>
    </form>
  );
}
