import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFound() {
  return (
    <Center flex={1} py={96} px="md">
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={900} c="indigo.2" lh={1}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" maw={420}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}
