import { Stack, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { AppPage } from '../../components/AppPage';
import { FaqsManagement } from './FaqsManagement';
import { SupportCenter } from './SupportCenter';

/** /Support: the manager's Support Center (what employees see under Support), and FAQs Management below it. */
export default function SupportPage() {
  return (
    <AppPage title="Support Center" description="Find answers, and manage the FAQs your employees see.">
      <Stack gap="xl">
        <SupportCenter
          empty={
            <Text>
              {messages.faq.empty} Add your first one under FAQs Management below: your employees find it
              under Support.
            </Text>
          }
        />
        <FaqsManagement />
      </Stack>
    </AppPage>
  );
}
