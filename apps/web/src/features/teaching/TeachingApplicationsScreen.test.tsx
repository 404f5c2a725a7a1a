/**
 * The admin's teaching applications (/dashboard/admin/teaching-applications): pending ones first with who
 * applied and what they sent (the sample link opened safely in a new tab), approve and decline each
 * behind a confirm step with an optional note, a refusal shown, the state filter, "Load more", and the
 * sidebar entry.
 */
import { TEACHING_MESSAGES } from '@lectio/contracts/messages';
import type { AdminTeachingApplication } from '@lectio/contracts/teaching-applications';
import { buildAdminTeachingApplication, mockError } from '@lectio/mocks';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

configure({ asyncUtilTimeout: 5000 });

vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));

const PATH = '/dashboard/admin/teaching-applications';

function applicant(name: string, email: string) {
  return { _id: `user-${name}`, name, email, role: 'student' as const, isActive: true };
}

const asha = buildAdminTeachingApplication({
  _id: 'app-asha',
  topic: 'Rust for web developers',
  experience: 'Eight years of backend work in Rust.\nI run the study group at my company.',
  sampleUrl: 'https://example.com/talks/rust',
  applicant: applicant('Asha Rao', 'asha@example.com'),
});
const ravi = buildAdminTeachingApplication({
  _id: 'app-ravi',
  topic: 'Watercolour basics',
  sampleUrl: null,
  applicant: applicant('Ravi Kumar', 'ravi@example.com'),
});

/** A small fake of the admin's side: the list by state, two to a page, and decisions. */
function answerApplications(applications: AdminTeachingApplication[]) {
  const byId = new Map(applications.map((application) => [application._id, { ...application }]));
  api.answer('teaching.list', ({ input }) => {
    const matching = [...byId.values()].filter((item) => !input.status || item.status === input.status);
    const start = input.cursor ? Number(input.cursor) : 0;
    const page = matching.slice(start, start + 2);
    return {
      applications: page,
      nextCursor: start + 2 < matching.length ? String(start + 2) : null,
    };
  });
  api.answer('teaching.decide', ({ input }) => {
    const application = byId.get(input.id);
    if (!application) mockError('NOT_FOUND', TEACHING_MESSAGES.applicationNotFound);
    if (application.status !== 'pending') mockError('CONFLICT', TEACHING_MESSAGES.alreadyDecided);
    application.status = input.decision === 'approve' ? 'approved' : 'declined';
    application.decisionNote = input.note ?? null;
    application.decidedAt = '2026-03-16T10:00:00.000Z';
    application.decidedByName = 'The admin';
    return {
      message:
        input.decision === 'approve'
          ? TEACHING_MESSAGES.approved(application.applicant.name)
          : TEACHING_MESSAGES.declined(application.applicant.name),
      application,
    };
  });
}

function item(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('teaching applications (admin)', () => {
  it('shows each pending application with the applicant and what they sent', async () => {
    answerApplications([asha, ravi]);
    startSignedIn('admin');
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Teaching applications' })).toBeVisible();
    const card = await screen.findByRole('article', { name: 'Asha Rao' });
    expect(within(card).getByText('asha@example.com')).toBeVisible();
    expect(within(card).getByText('Rust for web developers')).toBeVisible();
    expect(within(card).getByText(/I run the study group/)).toBeVisible();
    const sample = within(card).getByRole('link', { name: /https:\/\/example\.com\/talks\/rust/ });
    expect(sample.getAttribute('href')).toBe('https://example.com/talks/rust');
    expect(sample.getAttribute('target')).toBe('_blank');
    expect(sample.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(within(item('Ravi Kumar')).getByText('No sample link given.')).toBeVisible();
    expect(api.calls('teaching.list')[0]?.input).toMatchObject({ status: 'pending' });
  });

  it('approves after the confirm step (cancel first changes nothing)', async () => {
    answerApplications([asha, ravi]);
    startSignedIn('admin');
    const { user } = renderApp(PATH);
    await screen.findByRole('article', { name: 'Asha Rao' });
    await user.click(within(item('Asha Rao')).getByRole('button', { name: 'Approve Asha Rao' }));
    expect(within(item('Asha Rao')).getByText('Approve Asha Rao as an instructor?')).toBeVisible();
    await user.click(within(item('Asha Rao')).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('teaching.decide')).toHaveLength(0);

    await user.click(within(item('Asha Rao')).getByRole('button', { name: 'Approve Asha Rao' }));
    await user.click(within(item('Asha Rao')).getByRole('button', { name: 'Confirm approval' }));
    await waitFor(() =>
      expect(api.calls('teaching.decide')[0]?.input).toEqual({ id: 'app-asha', decision: 'approve' }),
    );
    expect(await screen.findByText('Asha Rao is now an instructor.')).toBeInTheDocument();
    // It leaves the pending list.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Asha Rao' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Ravi Kumar' })).toBeVisible();
  });

  it('declines with a note for the applicant; the declined list shows it', async () => {
    answerApplications([asha, ravi]);
    startSignedIn('admin');
    const { user } = renderApp(PATH);
    await screen.findByRole('article', { name: 'Ravi Kumar' });
    await user.click(within(item('Ravi Kumar')).getByRole('button', { name: 'Decline Ravi Kumar' }));
    await user.type(
      within(item('Ravi Kumar')).getByLabelText('Note to the applicant (optional)'),
      'Please link a sample lesson.',
    );
    await user.click(within(item('Ravi Kumar')).getByRole('button', { name: 'Confirm decline' }));
    await waitFor(() =>
      expect(api.calls('teaching.decide')[0]?.input).toEqual({
        id: 'app-ravi',
        decision: 'decline',
        note: 'Please link a sample lesson.',
      }),
    );
    expect(await screen.findByText('Ravi Kumar’s application was declined.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show'), 'Declined');
    const declined = await screen.findByRole('article', { name: 'Ravi Kumar' });
    expect(within(declined).getByText('Please link a sample lesson.')).toBeVisible();
    expect(within(declined).getByText('Declined')).toBeVisible();
    expect(within(declined).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(api.calls('teaching.list').at(-1)?.input).toMatchObject({ status: 'declined' });
  });

  it('shows the refusal when another admin decided first', async () => {
    answerApplications([asha]);
    api.fail('teaching.decide', 'CONFLICT', TEACHING_MESSAGES.alreadyDecided);
    startSignedIn('admin');
    const { user } = renderApp(PATH);
    await screen.findByRole('article', { name: 'Asha Rao' });
    await user.click(within(item('Asha Rao')).getByRole('button', { name: 'Approve Asha Rao' }));
    await user.click(within(item('Asha Rao')).getByRole('button', { name: 'Confirm approval' }));
    // The form's message line is always there (empty until a message arrives): wait for its text.
    await waitFor(() =>
      expect(within(item('Asha Rao')).getByRole('alert').textContent).toBe(TEACHING_MESSAGES.alreadyDecided),
    );
  });

  it('loads more, and says when a state has none', async () => {
    const many = ['One', 'Two', 'Three'].map((name, index) =>
      buildAdminTeachingApplication({
        _id: `app-${index}`,
        applicant: applicant(name, `${name}@example.com`),
      }),
    );
    answerApplications(many);
    startSignedIn('admin');
    const { user } = renderApp(PATH);
    await screen.findByRole('article', { name: 'One' });
    expect(screen.queryByRole('article', { name: 'Three' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Three' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Show'), 'Approved');
    expect(await screen.findByText('No application has been approved yet.')).toBeVisible();
  });

  it('is in the admin sidebar', async () => {
    answerApplications([]);
    startSignedIn('admin');
    renderApp(PATH);
    expect(await screen.findByText('No application is waiting for a decision.')).toBeVisible();
    const link = await screen.findByRole('link', { name: 'Teaching applications' });
    expect(link.getAttribute('href')).toBe(PATH);
  });
});
