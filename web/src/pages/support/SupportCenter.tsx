import {
  Accordion,
  Alert,
  Badge,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { faqMatches, faqTopics, messages } from '@punchclock/contract';
import { IconHelpCircle, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useFaqs } from '../../api/faqs';

/**
 * The Support Center: a search box, 'Browse by Topic', and the account's FAQs as an accordion with
 * one item open at a time (clicking it again closes it). One component for the manager's /Support and the
 * employee's /SupportUser; `empty` is what an account without FAQs shows.
 */
export function SupportCenter({ empty }: { empty: ReactNode }) {
  const faqs = useFaqs();
  const [search, setSearch] = useState('');
  const [topic, setTopic] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const all = useMemo(() => faqs.data ?? [], [faqs.data]);
  const topics = useMemo(() => faqTopics(all), [all]);
  const shown = all.filter((f) => (!topic || f.topic === topic) && faqMatches(f, search));

  if (faqs.isLoading)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading FAQs" />
      </Group>
    );
  if (faqs.isError) return <Alert color="red">{`Error: ${messages.faq.fetchDataFailed}`}</Alert>;
  if (all.length === 0)
    return (
      <Paper withBorder radius="lg" p="xl" ta="center" data-testid="faq-empty">
        <ThemeIcon size={56} radius="xl" variant="light" mx="auto" mb="md">
          <IconHelpCircle size={30} />
        </ThemeIcon>
        {empty}
      </Paper>
    );

  return (
    <Stack gap="lg">
      <TextInput
        size="md"
        leftSection={<IconSearch size={18} />}
        placeholder="Search questions and answers..."
        aria-label="Search FAQs"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={200}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="lg" p="md" component="nav" aria-label="Browse by Topic">
            <Title order={2} fz="md" mb="xs">
              Browse by Topic
            </Title>
            <NavLink
              component="button"
              label="All Topics"
              active={topic === null}
              onClick={() => setTopic(null)}
              rightSection={<Badge variant="light">{all.length}</Badge>}
            />
            {topics.map((t) => (
              <NavLink
                component="button"
                key={t.topic}
                label={t.topic}
                active={topic === t.topic}
                onClick={() => setTopic(topic === t.topic ? null : t.topic)}
                rightSection={<Badge variant="light">{t.count}</Badge>}
              />
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Text c="dimmed" fz="sm" mb="xs" aria-live="polite">
            {shown.length === 1 ? '1 question' : `${shown.length} questions`}
            {topic ? ` in ${topic}` : ''}
            {search.trim() ? ` matching “${search.trim()}”` : ''}
          </Text>
          {shown.length === 0 ? (
            <Paper withBorder radius="lg" p="xl" ta="center">
              <Text>{messages.faq.noMatch}</Text>
            </Paper>
          ) : (
            <Accordion variant="separated" radius="md" value={open} onChange={setOpen}>
              {shown.map((f) => (
                <Accordion.Item key={f.id} value={String(f.id)}>
                  <Accordion.Control>
                    <Text fw={600}>{f.question}</Text>
                    <Text fz="xs" c="dimmed">
                      {f.topic}
                    </Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{f.answer}</Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
