/**
 * The admin's e-mail screen (docs/decisions/0035): the delivery list with its status filter and more on
 * demand, failed messages with their error, and the development outbox's message view with its links.
 */
import { buildMailMessage, buildMailPage, buildOutboxMessage } from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { linksIn } from './MailOutbox';

vi.setConfig({ testTimeout: 20_000 });

const ID = '00000000-0000-4000-8000-0000000000aa';

describe('/dashboard/admin/mail', () => {
  it('lists the messages with their status, and a failed one with its error', async () => {
    startSignedIn('admin');
    api.answer(
      'mail.list',
      buildMailPage(
        [
          buildMailMessage({ _id: ID, to: 'ravi@example.com', subject: 'Reset your Lectio password' }),
          buildMailMessage({
            to: 'meera@example.com',
            status: 'failed',
            lastError: 'connect ECONNREFUSED 10.0.0.5:587',
          }),
        ],
        { outbox: false },
      ),
    );
    renderApp('/dashboard/admin/mail');
    expect(await screen.findByRole('heading', { name: 'E-mail', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('ravi@example.com')).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText('Sent')).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText('Failed')).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText('connect ECONNREFUSED 10.0.0.5:587')).toBeVisible();
    expect(screen.getByText(/Messages are sent through the SMTP server/)).toBeVisible();
    // Without the file outbox there is nothing to open.
    expect(screen.queryByRole('button', { name: /^Open/ })).toBeNull();
  });

  it('filters by status and loads more on demand', async () => {
    startSignedIn('admin');
    api.answer('mail.list', ({ input }) =>
      input.status === 'failed'
        ? buildMailPage([buildMailMessage({ status: 'failed', to: 'failed@example.com' })])
        : input.cursor
          ? buildMailPage([buildMailMessage({ to: 'older@example.com' })])
          : buildMailPage([buildMailMessage({ to: 'newer@example.com' })], { nextCursor: 'next-page' }),
    );
    const { user } = renderApp('/dashboard/admin/mail');
    expect(await screen.findByText('newer@example.com')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('older@example.com')).toBeVisible();
    expect(screen.getByText('newer@example.com')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    expect(await screen.findByText('failed@example.com')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('newer@example.com')).toBeNull());
    expect(api.calls('mail.list').map((call) => call.input)).toEqual([
      { limit: 20 },
      { limit: 20, cursor: 'next-page' },
      { limit: 20, status: 'failed' },
    ]);
  });

  it('opens a written message of the outbox with its links, text and HTML', async () => {
    startSignedIn('admin');
    const link = 'http://localhost:3000/reset-password?token=abc_DEF-123';
    api.answer('mail.list', buildMailPage([buildMailMessage({ _id: ID, to: 'ravi@example.com' })]));
    api.answer('mail.outboxMessage', ({ input }) => ({
      message: buildOutboxMessage({
        _id: input.id,
        to: 'ravi@example.com',
        subject: 'Reset your Lectio password',
        text: `Hello Ravi,\n\nReset my password: ${link}\n\n— Lectio\nhttp://localhost:3000\n`,
        html: `<p>Hello Ravi,</p><p><a href="${link}">Reset my password</a></p>`,
      }),
    }));
    const { user } = renderApp('/dashboard/admin/mail');
    expect(await screen.findByText(/nothing leaves the server/)).toBeVisible();
    await user.click(
      await screen.findByRole('button', { name: 'Open "Reset your Lectio password" to ravi@example.com' }),
    );
    const view = await screen.findByRole('region', { name: 'Reset your Lectio password' });
    const anchor = await within(view).findByRole('link', { name: link });
    expect(anchor.getAttribute('href')).toBe(link);
    expect(within(view).getByText(/Hello Ravi,/, { selector: 'pre' })).toBeVisible();
    const frame = within(view).getByTitle('HTML version');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Reset my password');
    expect(api.calls('mail.outboxMessage').map((call) => call.input)).toEqual([{ id: ID }]);
    await user.click(within(view).getByRole('button', { name: 'Close message' }));
    expect(screen.queryByRole('region', { name: 'Reset your Lectio password' })).toBeNull();
  });

  it('is in the admin sidebar', async () => {
    startSignedIn('admin');
    api.answer('mail.list', buildMailPage([]));
    renderApp('/dashboard/admin/mail');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'E-mail' }).getAttribute('href')).toBe(
      '/dashboard/admin/mail',
    );
    expect(await screen.findByText('No messages yet.')).toBeVisible();
  });
});

describe('linksIn', () => {
  it('finds each http(s) address of a text once, in order', () => {
    expect(
      linksIn('a https://x.test/a?token=1 b http://y.test/ c https://x.test/a?token=1\nmailto:z@z'),
    ).toEqual(['https://x.test/a?token=1', 'http://y.test/']);
  });
});
