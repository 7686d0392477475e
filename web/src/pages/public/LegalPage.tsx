import { Stack, Text, Title } from '@mantine/core';
import { PublicPage } from './PublicHero';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** A long-form document (privacy policy, terms) with numbered sections. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <PublicPage eyebrow={`Last updated ${updated}`} title={title} intro={intro} size="sm">
      <Stack gap="xl">
        {sections.map((s, i) => (
          <section key={s.heading}>
            <Title order={2} fz="lg" mb="xs">
              {i + 1}. {s.heading}
            </Title>
            <Stack gap="xs">
              {s.paragraphs.map((p) => (
                <Text key={p} c="gray.8" lh={1.7}>
                  {p}
                </Text>
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </PublicPage>
  );
}
