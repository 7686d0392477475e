import { Box, Container, type ContainerProps, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title band at the top of the public content pages. */
export function PublicHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Box
      py={{ base: 40, md: 64 }}
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-body) 100%)',
      }}
    >
      <Container size="md" ta="center">
        {eyebrow && (
          <Text c="indigo.7" fw={700} tt="uppercase" fz="xs" lts={1.5} mb="xs">
            {eyebrow}
          </Text>
        )}
        <Title order={1} fz={{ base: 30, sm: 42 }} lh={1.15}>
          {title}
        </Title>
        {children && (
          <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} mt="md" maw={640} mx="auto">
            {children}
          </Text>
        )}
      </Container>
    </Box>
  );
}

/**
 * The frame of a public content page (Download, Pricing, How it works, FAQs, Contact, the legal pages): the title
 * band with its eyebrow, title and intro, then the page in a container of `size`.
 */
export function PublicPage({
  eyebrow,
  title,
  intro,
  size = 'lg',
  children,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  size?: ContainerProps['size'];
  children: ReactNode;
}) {
  return (
    <>
      <PublicHero eyebrow={eyebrow} title={title}>
        {intro}
      </PublicHero>
      <Container size={size} pb={{ base: 48, md: 80 }}>
        {children}
      </Container>
    </>
  );
}
