import { messages } from '@punchclock/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import ResetPassword from './ResetPassword';

const linkTo = (expires: number) =>
  `/ResetPassword?email=ada%40example.com&token=abc&expires=${expires}&signature=${'0'.repeat(64)}`;

describe('Set a new password', () => {
  it('tells at once that an ended link has expired, with no form to type a password into for nothing', () => {
    renderPage('/ResetPassword', <ResetPassword />, linkTo(1000));
    expect(screen.getByText(messages.passwords.linkExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
    expect(screen.queryByLabelText(/New Password/)).toBeNull();
  });

  it('shows the form for a link that has not ended', () => {
    renderPage('/ResetPassword', <ResetPassword />, linkTo(Math.floor(Date.now() / 1000) + 3600));
    expect(screen.getByLabelText(/New Password/)).toBeTruthy();
    expect(screen.queryByText(messages.passwords.linkExpired)).toBeNull();
  });
});
