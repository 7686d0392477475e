import { Container, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** Screens of spec §2 that later work fills in. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Paper withBorder radius="lg" p="xl" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" mx="auto" mb="md">
          <IconTools size={28} />
        </ThemeIcon>
        <Text size="lg" fw={500}>
          This page is coming soon.
        </Text>
      </Paper>
    </Container>
  );
}
