import { Autocomplete, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FAQ_DEFAULT_TOPIC, FAQ_LIMITS, faqBody, messages } from '@punchclock/contract';
import { fieldErrors, messageOf } from '../../api/client';
import { type FaqInput, type FaqView, useFaqMutations } from '../../api/faqs';
import { FormActions } from '../../components/FormActions';
import { notifyError, notifySuccess } from '../../components/notify';
import { schemaErrors } from '../../forms/validation';

function FaqForm({ faq, topics, onDone }: { faq?: FaqView; topics: string[]; onDone: () => void }) {
  const { create, update } = useFaqMutations();
  const form = useForm<FaqInput>({
    initialValues: { question: faq?.question ?? '', answer: faq?.answer ?? '', topic: faq?.topic ?? '' },
    // The contract's checks, in the server's words (a blank question, one too long, a control character).
    validate: (v) => schemaErrors(faqBody, v),
  });
  const busy = create.isPending || update.isPending;
  const submit = (v: FaqInput) => {
    const values = { question: v.question.trim(), answer: v.answer.trim(), topic: v.topic.trim() };
    const handlers = {
      onSuccess: (a: { message: string }) => {
        notifySuccess(a.message);
        onDone();
      },
      onError: (e: unknown) => {
        form.setErrors(fieldErrors(e));
        notifyError(messageOf(e, faq ? messages.faq.updateFailed : messages.faq.createFailed));
      },
    };
    if (faq) update.mutate({ id: faq.id, ...values }, handlers);
    else create.mutate(values, handlers);
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        <TextInput
          label="Question"
          required
          maxLength={FAQ_LIMITS.question}
          data-autofocus
          {...form.getInputProps('question')}
        />
        <Textarea
          label="Answer"
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={FAQ_LIMITS.answer}
          {...form.getInputProps('answer')}
        />
        <Autocomplete
          label="Topic"
          description={`Groups the FAQ under 'Browse by Topic'; left empty, it goes under ${FAQ_DEFAULT_TOPIC}.`}
          placeholder={FAQ_DEFAULT_TOPIC}
          data={topics}
          maxLength={FAQ_LIMITS.topic}
          {...form.getInputProps('topic')}
        />
        <FormActions onCancel={onDone} busy={busy} submitLabel={faq ? 'Save Changes' : 'Add FAQ'} />
      </Stack>
    </form>
  );
}

/** The Add FAQ modal of FAQs Management, also used to edit one. */
export function FaqFormModal({
  opened,
  faq,
  topics,
  onClose,
}: {
  opened: boolean;
  faq?: FaqView;
  topics: string[];
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={faq ? 'Edit FAQ' : 'Add FAQ'} centered size="lg">
      {opened && <FaqForm key={faq?.id ?? 'new'} faq={faq} topics={topics} onDone={onClose} />}
    </Modal>
  );
}
