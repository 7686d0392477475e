import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageCard } from './AppPage';

/** A titled white card on the grey app background. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageCard component="section">
      <Title order={2} fz="lg" mb={description ? 4 : 'md'}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" fz="sm" mb="md">
          {description}
        </Text>
      )}
      {children}
    </PageCard>
  );
}
