import { Badge, SimpleGrid } from '@mantine/core';
import { IconDeviceMobile, IconIdBadge2, IconUsersPlus } from '@tabler/icons-react';
import { ActionCard, type NextAction } from './ActionCard';

const STEPS: NextAction[] = [
  {
    title: 'Enter or import employees',
    text: 'Add your team one by one, or import everyone at once from an Excel sheet.',
    action: 'Add employees',
    to: '/Account_Employees',
    icon: IconUsersPlus,
  },
  {
    title: 'Print employee cards',
    text: 'Every employee gets a badge with a personal QR code for fast, contact-free punching.',
    action: 'Print cards',
    to: '/Employee',
    icon: IconIdBadge2,
  },
  {
    title: 'Install the app',
    text: 'Turn a tablet, phone or any browser at the door into a time station. It keeps working offline.',
    action: 'Get the app',
    to: '/Download',
    icon: IconDeviceMobile,
  },
];

/** The three Welcome/setup steps, shown while the account has no employees. */
export function SetupSteps() {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" data-testid="setup-steps">
      {STEPS.map((s, i) => (
        <ActionCard
          key={s.to}
          item={s}
          first={i === 0}
          tag={
            <Badge variant="outline" size="lg" radius="sm">
              Step {i + 1}
            </Badge>
          }
        />
      ))}
    </SimpleGrid>
  );
}
