import { Badge, Box, Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PLANS } from '@punchclock/contract';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PublicPage } from './PublicHero';

const POPULAR = 'pro';

export default function Pricing() {
  return (
    <PublicPage
      eyebrow="Pricing"
      title="Simple plans that grow with your team"
      intro={
        <>Every plan includes unlimited time stations, QR badges and offline punching. Cancel any time.</>
      }
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLANS.map((plan) => {
          const popular = plan.id === POPULAR;
          return (
            <Card
              key={plan.id}
              withBorder
              radius="lg"
              padding="xl"
              shadow={popular ? 'lg' : 'xs'}
              style={popular ? { borderColor: 'var(--mantine-color-indigo-5)', borderWidth: 2 } : undefined}
            >
              <Stack h="100%" gap="md">
                <Box mih={28}>
                  {popular && (
                    <Badge variant="filled" radius="sm">
                      Most popular
                    </Badge>
                  )}
                </Box>
                <Title order={2} fz="xl">
                  {plan.name}
                </Title>
                <Text>
                  <Text span fz={44} fw={800} lh={1}>
                    ${plan.price}
                  </Text>{' '}
                  <Text span c="dimmed">
                    per month
                  </Text>
                </Text>
                <List
                  spacing="sm"
                  flex={1}
                  icon={
                    <ThemeIcon size={20} radius="xl" color="green" variant="light">
                      <IconCheck size={13} stroke={3} />
                    </ThemeIcon>
                  }
                >
                  {plan.features.map((f) => (
                    <List.Item key={f}>{f}</List.Item>
                  ))}
                </List>
                <Button
                  component={Link}
                  to="/Login"
                  size="md"
                  fullWidth
                  variant={popular ? 'filled' : 'light'}
                >
                  Get Started
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Text ta="center" mt={40} c="dimmed">
        Not sure yet?{' '}
        <Button component={Link} to="/SignUp" variant="subtle" px={6}>
          Sign up for free
        </Button>
      </Text>
    </PublicPage>
  );
}
