/** Who we are, as the footer and the contact page show it. */
export const COMPANY = {
  about:
    'Punchclock is a reliable and accurate employee attendance tracking system for work management and productivity monitoring. Employees punch in and out with a QR badge or their employee ID and PIN, on any phone, tablet or browser.',
  address: ['Punchclock Inc.', '350 Market Street, Suite 400', 'San Francisco, CA 94105', 'United States'],
  supportEmail: 'support@punchclock.example',
  salesEmail: 'sales@punchclock.example',
  phone: '+1 (555) 010-0199',
  hours: 'Monday to Friday, 8 am to 6 pm (Pacific Time)',
} as const;
