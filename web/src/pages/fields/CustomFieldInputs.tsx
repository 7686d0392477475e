import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useCustomFields } from '../../api/people';

interface Props {
  /** Values keyed by field id (as text). */
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  errors?: Record<string, string>;
}

/** The account's custom fields as inputs on the employee forms: text, number or date by the field's type. */
export function CustomFieldInputs({ values, onChange, errors = {} }: Props) {
  const fields = useCustomFields().data ?? [];
  if (fields.length === 0) return null;
  const set = (id: number, v: string) => onChange({ ...values, [String(id)]: v });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {fields.map((f) => {
        const key = String(f.id);
        const common = { label: f.field_name, error: errors[`custom_fields.${key}`] ?? errors[key], key };
        if (f.field_type === 'number') {
          return (
            <NumberInput
              {...common}
              value={values[key] ?? ''}
              onChange={(v) => set(f.id, v === '' ? '' : String(v))}
              allowDecimal
            />
          );
        }
        return (
          <TextInput
            {...common}
            type={f.field_type === 'date' ? 'date' : 'text'}
            value={values[key] ?? ''}
            maxLength={500}
            onChange={(e) => set(f.id, e.currentTarget.value)}
          />
        );
      })}
    </SimpleGrid>
  );
}
