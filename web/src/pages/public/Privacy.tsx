import { COMPANY } from '../../company';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are',
    paragraphs: [
      `Punchclock is operated by ${COMPANY.address[0]}, ${COMPANY.address.slice(1).join(', ')}. For your employer's time records we act as a processor: your employer decides what is recorded and why, and we keep it on their behalf.`,
    ],
  },
  {
    heading: 'What we collect',
    paragraphs: [
      'Account details: name, username, e-mail address, phone number and date of birth of the people who sign up or log in.',
      'Time records: punches (date, time in and out, type and notes), the time station used and, where your employer turned it on, the location of a punch.',
      'Technical data: IP address and browser details in our server logs, kept for security and troubleshooting.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'To run the service: record attendance, compute hours and earnings, produce reports, send password e-mails and keep an activity log of changes.',
      'We never sell personal data and we do not use it for advertising.',
    ],
  },
  {
    heading: 'How we protect it',
    paragraphs: [
      'All traffic is encrypted with SSL/TLS. Passwords are stored only as strong one-way hashes. Each company sees only its own data, and every change is written to an activity log.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'We keep time records for as long as your employer keeps the account, so they can meet their record-keeping duties. When an account is closed, its data is deleted within 90 days, except where the law requires longer.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You may ask to see, correct, export or delete your personal data. Employees should first contact their employer, who controls their time records; we help them answer.',
      `Write to ${COMPANY.supportEmail} with any privacy question.`,
    ],
  },
];

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2026"
      intro="What we collect when you use Punchclock, why, and the choices you have."
      sections={SECTIONS}
    />
  );
}
