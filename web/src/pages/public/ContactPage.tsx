import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconHeadset, IconMapPin, IconPhone, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { COMPANY } from '../../company';
import { PublicPage } from './PublicHero';

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <ThemeIcon size={44} radius="md" variant="light" mb="md">
        {icon}
      </ThemeIcon>
      <Title order={2} fz="lg" mb={6}>
        {title}
      </Title>
      <Stack gap={2} c="gray.8">
        {children}
      </Stack>
    </Paper>
  );
}

export default function ContactPage() {
  return (
    <PublicPage
      eyebrow="Contact"
      title="We are here to help"
      intro={
        <>
          Questions about setting up time stations, importing employees or choosing a plan? Reach us any way
          you like.
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        <ContactCard icon={<IconHeadset size={24} />} title="Customer support">
          <Text>Help with your account, time stations and reports.</Text>
          <Anchor href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</Anchor>
        </ContactCard>
        <ContactCard icon={<IconReceipt size={24} />} title="Sales">
          <Text>Plans, billing and larger roll-outs.</Text>
          <Anchor href={`mailto:${COMPANY.salesEmail}`}>{COMPANY.salesEmail}</Anchor>
        </ContactCard>
        <ContactCard icon={<IconPhone size={24} />} title="Phone">
          <Anchor href={`tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`}>{COMPANY.phone}</Anchor>
          <Text fz="sm" c="dimmed">
            <IconClock size={14} style={{ verticalAlign: -2 }} /> {COMPANY.hours}
          </Text>
        </ContactCard>
        <ContactCard icon={<IconMapPin size={24} />} title="Office">
          {COMPANY.address.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
        </ContactCard>
      </SimpleGrid>
    </PublicPage>
  );
}
