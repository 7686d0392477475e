import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@punchclock/contract';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../components/Logo';
import { COMPANY } from '../company';

const QUICK_LINKS = [
  { label: 'How it Works', to: '/HowItWork' },
  { label: 'Pricing', to: '/Pricing' },
  { label: 'Download', to: '/Download' },
  { label: 'FAQs', to: '/FAQS' },
  { label: 'Contact Us', to: '/ContactPage' },
  { label: 'Privacy Policy', to: '/Privacy' },
  { label: 'Terms of Service', to: '/TermServices' },
];

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      {/* h2: a page's h1 may be followed by the footer directly (heading levels must not skip). */}
      <Title order={2} fz="sm" tt="uppercase" lts={1} c="gray.5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Footer links are at least 24 px tall, so stacked ones are far enough apart to tap (WCAG 2.5.8). */
const TAP = { display: 'inline-block', lineHeight: '24px' } as const;

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Box c="indigo.3" mt={2}>
        {icon}
      </Box>
      <Box fz="sm">{children}</Box>
    </Group>
  );
}

export function PublicFooter() {
  return (
    <Box component="footer" bg="dark.8" c="gray.3" mt="auto" pt={56} pb="xl">
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={40}>
          <Column title="About Us">
            <Logo to="/" inverted />
            <Text fz="sm" c="gray.4" maw={360}>
              {COMPANY.about}
            </Text>
          </Column>
          <Column title="Quick Links">
            <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
              {QUICK_LINKS.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} c="gray.3" fz="sm">
                  {l.label}
                </Anchor>
              ))}
            </SimpleGrid>
          </Column>
          <Column title="Contact Info">
            <ContactLine icon={<IconMapPin size={16} />}>
              {COMPANY.address.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </ContactLine>
            <ContactLine icon={<IconMail size={16} />}>
              <Anchor href={`mailto:${COMPANY.supportEmail}`} c="gray.3" fz="sm" style={TAP}>
                {COMPANY.supportEmail}
              </Anchor>
              <br />
              <Anchor href={`mailto:${COMPANY.salesEmail}`} c="gray.3" fz="sm" style={TAP}>
                {COMPANY.salesEmail}
              </Anchor>
            </ContactLine>
            <ContactLine icon={<IconPhone size={16} />}>
              <Anchor href={`tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`} c="gray.3" fz="sm" style={TAP}>
                {COMPANY.phone}
              </Anchor>
            </ContactLine>
          </Column>
        </SimpleGrid>
        <Divider my="xl" color="dark.6" />
        <Text fz="xs" c="gray.5" ta="center">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
