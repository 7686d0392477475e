import { Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { AppPage } from '../../components/AppPage';
import { SupportCenter } from './SupportCenter';

/** /SupportUser: the employee's Support Center, the same FAQs their managers keep on /Support. */
export default function SupportUser() {
  return (
    <AppPage title="Support" description="Answers to common questions from your employer.">
      <SupportCenter empty={<Text>{messages.faq.emptyEmployee}</Text>} />
    </AppPage>
  );
}
