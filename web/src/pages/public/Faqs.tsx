import { Accordion, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PublicPage } from './PublicHero';

const FAQS = [
  {
    q: 'How do employees clock in and out?',
    a: 'At a time station: a tablet, phone or any browser that you pair with your account. Employees scan the QR code on their badge, or type their Employee ID and PIN.',
  },
  {
    q: 'What happens when the internet connection drops?',
    a: 'The time station keeps accepting punches and stores them on the device. When the connection returns they are sent to your account, each exactly once.',
  },
  {
    q: 'Can I use several time stations at once?',
    a: 'Yes. Every plan includes as many time stations as you need, at every entrance and site.',
  },
  {
    q: 'Can I see where a punch was made?',
    a: 'If you turn on GPS tracking in Settings, each punch records its location and managers can view it.',
  },
  {
    q: 'An employee forgot to clock out. Can I fix it?',
    a: 'Yes. Managers can add or correct punches for any employee, and every change is recorded in the activity log.',
  },
  {
    q: 'Which reports are included?',
    a: 'Attendance, daily and weekday summaries, department summaries, employee lists and more, exportable to Excel and PDF.',
  },
  {
    q: 'Can I track students, club members or projects?',
    a: 'Yes. Departments can be classes, clients, groups, jobs, job sites, locations, offices, projects or tasks.',
  },
  {
    q: 'Is my data safe?',
    a: 'All traffic is encrypted with SSL, passwords are stored only as one-way hashes, and each company can only ever see its own data.',
  },
];

export default function Faqs() {
  return (
    <PublicPage
      eyebrow="Help"
      title="Frequently asked questions"
      intro="Quick answers about time stations, punches, reports and your data."
      size="sm"
    >
      <Accordion variant="separated" radius="md">
        {FAQS.map((f) => (
          <Accordion.Item key={f.q} value={f.q}>
            <Accordion.Control fw={600}>{f.q}</Accordion.Control>
            <Accordion.Panel>
              <Text c="gray.8">{f.a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Text ta="center" mt="xl" c="dimmed">
        Still have a question?{' '}
        {/* Underlined: inside a sentence, colour alone would not tell it is a link. */}
        <Anchor component={Link} to="/ContactPage" underline="always">
          Contact us
        </Anchor>
      </Text>
    </PublicPage>
  );
}
