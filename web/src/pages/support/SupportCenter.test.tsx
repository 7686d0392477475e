import { messages } from '@punchclock/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient';
import { Providers } from '../../Providers';
import { fakeFetch, fill } from '../../test/render';
import { SupportCenter } from './SupportCenter';

const at = '2026-03-01T10:00:00.000Z';
const FAQS = [
  {
    id: 1,
    topic: 'Pay',
    question: 'When is payday?',
    answer: 'Every other Friday.',
    created_at: at,
    updated_at: at,
  },
  {
    id: 2,
    topic: 'Pay',
    question: 'Where is my pay stub?',
    answer: 'Under Reports.',
    created_at: at,
    updated_at: at,
  },
  {
    id: 3,
    topic: 'Site',
    question: 'Where do I park?',
    answer: 'Behind the building.',
    created_at: at,
    updated_at: at,
  },
];

function show(body: unknown, status = 200) {
  queryClient.clear();
  vi.stubGlobal('fetch', fakeFetch({ status, body }).fetch);
  render(
    <Providers>
      <SupportCenter empty={<p>{messages.faq.emptyEmployee}</p>} />
    </Providers>,
  );
}

const control = (question: string) => screen.getByRole('button', { name: new RegExp(question) });

afterEach(() => vi.unstubAllGlobals());

describe('Support Center', () => {
  it('opens one FAQ at a time, and closes it when clicked again', async () => {
    show({ data: FAQS });
    const user = userEvent.setup();
    await screen.findByText('When is payday?');
    await user.click(control('When is payday'));
    expect(control('When is payday').getAttribute('aria-expanded')).toBe('true');
    await user.click(control('Where do I park'));
    expect(control('Where do I park').getAttribute('aria-expanded')).toBe('true');
    expect(control('When is payday').getAttribute('aria-expanded')).toBe('false');
    await user.click(control('Where do I park'));
    expect(control('Where do I park').getAttribute('aria-expanded')).toBe('false');
  });

  it('searches questions, answers and topics, and browses by topic', async () => {
    show({ data: FAQS });
    const user = userEvent.setup();
    await fill(user, await screen.findByRole('textbox', { name: 'Search FAQs' }), 'friday');
    expect(screen.getByText('1 question matching “friday”')).toBeTruthy();
    expect(screen.queryByText('Where do I park?')).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'Search FAQs' }));
    await fill(user, screen.getByRole('textbox', { name: 'Search FAQs' }), 'nothing like this');
    expect(screen.getByText(messages.faq.noMatch)).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Search FAQs' }));

    const topics = screen.getByRole('navigation', { name: 'Browse by Topic' });
    await user.click(within(topics).getByRole('button', { name: /Site/ }));
    expect(screen.getByText('1 question in Site')).toBeTruthy();
    await user.click(within(topics).getByRole('button', { name: /All Topics/ }));
    expect(screen.getByText('3 questions')).toBeTruthy();
  });

  it('shows the empty state of an account without FAQs, without a search box', async () => {
    show({ data: [] });
    expect(await screen.findByText(messages.faq.emptyEmployee)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Search FAQs' })).toBeNull();
  });

  it('shows the spec’s error when the FAQs cannot be loaded', async () => {
    show({ message: 'boom' }, 500);
    await waitFor(() => expect(screen.getByText(`Error: ${messages.faq.fetchDataFailed}`)).toBeTruthy(), {
      timeout: 5000,
    });
  });
});
