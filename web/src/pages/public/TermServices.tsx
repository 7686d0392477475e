import { COMPANY } from '../../company';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Agreement',
    paragraphs: [
      'By creating an account or using Punchclock you agree to these terms. If you use Punchclock for a company, you confirm that you may bind that company to them.',
    ],
  },
  {
    heading: 'Your account',
    paragraphs: [
      'Keep your password secret and tell us at once if you believe someone else has used your account. You are responsible for the employees, administrators and time stations you set up.',
    ],
  },
  {
    heading: 'Plans and payment',
    paragraphs: [
      'Paid plans are billed monthly in advance and renew until cancelled. You can change or cancel your plan at any time; a cancellation takes effect at the end of the paid month. Prices may change with 30 days notice.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'Do not use Punchclock to break the law, to record people without the notice the law requires, to probe or overload the service, or to access data that is not yours.',
    ],
  },
  {
    heading: 'Your data',
    paragraphs: [
      'The data you put into Punchclock stays yours. You can export it at any time. We process it only to provide the service, as described in our Privacy Policy.',
    ],
  },
  {
    heading: 'Availability',
    paragraphs: [
      'We work hard to keep Punchclock available around the clock, and time stations keep recording punches while offline. We may briefly interrupt the service for maintenance, announced in advance where possible.',
    ],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'Punchclock is provided as is. To the extent the law allows, our total liability is limited to the fees you paid in the twelve months before the claim.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: [`Questions about these terms: ${COMPANY.supportEmail}.`],
  },
];

export default function TermServices() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2026"
      intro="The rules for using Punchclock, written to be read."
      sections={SECTIONS}
    />
  );
}
