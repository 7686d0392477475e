import { ActionIcon, Alert, Button, Group, Loader, Table, Text, Tooltip } from '@mantine/core';
import { faqTopics, messages } from '@punchclock/contract';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { type FaqView, useFaqMutations, useFaqs } from '../../api/faqs';
import { notifyError, notifySuccess } from '../../components/notify';
import { SectionCard } from '../../components/SectionCard';
import { FaqFormModal } from './FaqFormModal';
import { openConfirm } from '../../components/confirm';
import { ScrollTable } from '../../components/ScrollTable';

/** `null` closed, `'new'` adding, a FAQ editing it. */
type Editing = FaqView | 'new' | null;

/**
 * FAQs Management (docs/RULES.md#faqs-limits): table ID, Question, Answer, Actions (Edit, Delete); Add FAQ
 * modal.
 */
export function FaqsManagement() {
  const faqs = useFaqs();
  const { remove } = useFaqMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const rows = faqs.data ?? [];
  const topics = faqTopics(rows).map((t) => t.topic);

  const confirmDelete = (f: FaqView) =>
    openConfirm({
      title: 'Delete FAQ',
      children: (
        <Text size="sm">
          {messages.faq.confirmDelete} “{f.question}”
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(f.id, {
          onSuccess: (a) => notifySuccess(a.message),
          onError: (e) => notifyError(messageOf(e, messages.faq.deleteFailed)),
        }),
    });

  return (
    <SectionCard
      title="FAQs Management"
      description="The questions and answers your employees find under Support."
    >
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add FAQ
        </Button>
      </Group>
      {faqs.isLoading && <Loader aria-label="Loading FAQs" />}
      {faqs.isError && <Alert color="red">{messageOf(faqs.error, messages.faq.fetchFailed)}</Alert>}
      {faqs.isSuccess && rows.length === 0 && (
        <Text ta="center" c="dimmed" py="lg">
          {messages.faq.empty}
        </Text>
      )}
      {rows.length > 0 && (
        <ScrollTable
          minWidth={640}
          striped
          highlightOnHover
          verticalSpacing="sm"
          data-testid="faq-table"
          columns={[{ label: 'ID', w: 60 }, 'Question', 'Answer', { label: 'Actions', w: 100 }]}
        >
          {rows.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>{f.id}</Table.Td>
              <Table.Td fw={500} maw={280}>
                {f.question}
                <Text fz="xs" c="dimmed">
                  {f.topic}
                </Text>
              </Table.Td>
              <Table.Td maw={420}>
                <Text fz="sm" lineClamp={2}>
                  {f.answer}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={`Edit FAQ ${f.id}`}
                      onClick={() => setEditing(f)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Delete FAQ ${f.id}`}
                      onClick={() => confirmDelete(f)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      <FaqFormModal
        opened={editing !== null}
        faq={editing === 'new' || editing === null ? undefined : editing}
        topics={topics}
        onClose={() => setEditing(null)}
      />
    </SectionCard>
  );
}
