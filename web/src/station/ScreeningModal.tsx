import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export const SCREENING_QUESTIONS = [
  'Do you have a fever, or do you feel feverish?',
  'Do you have a new cough, shortness of breath or loss of taste or smell?',
  'Have you been in close contact with someone with COVID-19 in the last 14 days?',
] as const;

/** COVID screening asked at clock-in when the account has it on; the answers are stored with the punch. */
export function ScreeningModal({
  opened,
  onCancel,
  onDone,
}: {
  opened: boolean;
  onCancel: () => void;
  onDone: (answers: Record<string, string>) => void;
}) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const complete = SCREENING_QUESTIONS.every((q) => answers[q]);
  return (
    <Modal opened={opened} onClose={onCancel} title="Health screening" centered>
      <Stack>
        {SCREENING_QUESTIONS.map((q) => (
          <Radio.Group
            key={q}
            label={q}
            value={answers[q] ?? ''}
            onChange={(v) => setAnswers((a) => ({ ...a, [q]: v }))}
            required
          >
            <Group mt={4}>
              <Radio value="No" label="No" />
              <Radio value="Yes" label="Yes" />
            </Group>
          </Radio.Group>
        ))}
        {!complete && (
          <Text size="sm" c="dimmed">
            Answer every question to clock in.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            disabled={!complete}
            onClick={() => {
              onDone(answers);
              setAnswers({});
            }}
          >
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
