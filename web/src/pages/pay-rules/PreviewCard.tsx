import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { messageOf } from '../../api/client';
import { PeriodInputs } from '../../components/PeriodInputs';
import { SectionCard } from '../../components/SectionCard';
import { PreviewTable } from './PreviewTable';
import type { RulesFormState } from './useRulesForm';

/** The preview of the rules being edited over a chosen period: each employee's pay before and after. */
export function PreviewCard({
  period,
  setPeriod,
  periodErrors,
  preview,
  runPreview,
}: Pick<RulesFormState, 'period' | 'setPeriod' | 'periodErrors' | 'preview' | 'runPreview'>) {
  return (
    <SectionCard
      title="Preview"
      description="Each employee's pay over a period under the rules as they are, and with these rules added. Nothing is saved."
    >
      <Stack>
        <Group align="flex-start" gap="xs">
          <PeriodInputs
            value={period}
            errors={periodErrors}
            onChange={(end, date) => setPeriod((p) => ({ ...p, [end]: date }))}
          />
          <Button mt={25} variant="light" onClick={runPreview} loading={preview.isPending}>
            Preview
          </Button>
        </Group>
        {preview.isPending ? (
          <Group gap="xs">
            <Loader size="xs" aria-label="Loading the preview" />
            <Text fz="sm" c="dimmed">
              Loading...
            </Text>
          </Group>
        ) : preview.isError ? (
          <Alert color="red" role="alert">
            {messageOf(preview.error, 'Failed to preview the pay rules.')}
          </Alert>
        ) : preview.data ? (
          <PreviewTable answer={preview.data} />
        ) : (
          <Text fz="sm" c="dimmed">
            Choose a period and press Preview.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
