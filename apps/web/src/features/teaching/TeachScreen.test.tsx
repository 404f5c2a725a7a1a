/**
 * "Become an instructor" (/dashboard/teach): the form refuses bad input with each field's message and
 * sends nothing, a good application shows as waiting, the server's refusals are shown, a decline shows
 * the admin's note and lets the student apply again with what they sent, and an approval refreshes the
 * session so the instructor dashboard opens. The sidebar has the page for students.
 */
import { TEACHING_MESSAGES } from '@lectio/contracts/messages';
import type { TeachingApplication } from '@lectio/contracts/teaching-applications';
import { buildTeachingApplication, mockError } from '@lectio/mocks';
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { whenSessionChecked } from '~/lib/session';
import { api } from '../../../test/api-mocks';
import { makeUser, sessionBody } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

// Whole-app tests that type long texts key by key (the schema runs on each): more than the 5 s default
// on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

configure({ asyncUtilTimeout: 5000 });

const TOPIC = 'Rust for web developers';
const EXPERIENCE = 'Eight years of backend work in Rust; I run the study group at my company.';

/** A small fake of the teaching API: the student's latest application, and applying. */
function answerMine(initial: TeachingApplication | null) {
  let latest = initial;
  api.answer('teaching.mine', () => ({ application: latest }));
  api.answer('teaching.apply', ({ input }) => {
    if (latest?.status === 'pending') mockError('CONFLICT', TEACHING_MESSAGES.alreadyPending);
    latest = buildTeachingApplication({
      topic: input.topic,
      experience: input.experience,
      sampleUrl: input.sampleUrl ?? null,
      createdAt: '2026-03-15T10:00:00.000Z',
    });
    return { message: TEACHING_MESSAGES.applied, application: latest };
  });
}

describe('become an instructor (student)', () => {
  it('refuses bad input field by field and sends nothing, then sends a good application', async () => {
    answerMine(null);
    startSignedIn('student');
    const { user } = renderApp('/dashboard/teach');
    expect(await screen.findByRole('heading', { level: 1, name: 'Become an instructor' })).toBeVisible();
    const topic = await screen.findByRole('textbox', { name: /What would you teach\?/ });
    const experience = screen.getByRole('textbox', { name: /Your experience/ });
    const sample = screen.getByRole('textbox', { name: 'Sample link (optional)' });

    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(TEACHING_MESSAGES.topicLength)).toBeVisible();
    expect(screen.getByText(TEACHING_MESSAGES.experienceLength)).toBeVisible();
    expect(topic.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(topic);

    await user.type(topic, TOPIC);
    await user.type(experience, EXPERIENCE);
    await user.type(sample, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(TEACHING_MESSAGES.sampleUrlInvalid)).toBeVisible();
    expect(screen.queryByText(TEACHING_MESSAGES.topicLength)).toBeNull();
    expect(document.activeElement).toBe(sample);
    expect(api.calls('teaching.apply')).toHaveLength(0);

    await user.clear(sample);
    await user.type(sample, 'https://example.com/talk');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(api.calls('teaching.apply')[0]?.input).toEqual({
        topic: TOPIC,
        experience: EXPERIENCE,
        sampleUrl: 'https://example.com/talk',
      }),
    );
    expect(await screen.findByText(TEACHING_MESSAGES.applied)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Your application is waiting for a decision' }),
    ).toBeVisible();
    expect(screen.getByText(TOPIC)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
  });

  it('leaves an empty sample link out of the request', async () => {
    answerMine(null);
    startSignedIn('student');
    const { user } = renderApp('/dashboard/teach');
    await user.type(await screen.findByRole('textbox', { name: /What would you teach\?/ }), TOPIC);
    await user.type(screen.getByRole('textbox', { name: /Your experience/ }), EXPERIENCE);
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(api.calls('teaching.apply')[0]?.input).toEqual({ topic: TOPIC, experience: EXPERIENCE }),
    );
  });

  it('shows the server’s refusal (an application already waiting) and then the waiting application', async () => {
    let reads = 0;
    api.answer('teaching.mine', () => {
      reads += 1;
      // The first read missed the application another tab just sent.
      return { application: reads === 1 ? null : buildTeachingApplication({ topic: 'Sent elsewhere' }) };
    });
    api.fail('teaching.apply', 'CONFLICT', TEACHING_MESSAGES.alreadyPending);
    startSignedIn('student');
    const { user } = renderApp('/dashboard/teach');
    await user.type(await screen.findByRole('textbox', { name: /What would you teach\?/ }), TOPIC);
    await user.type(screen.getByRole('textbox', { name: /Your experience/ }), EXPERIENCE);
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(
      await screen.findByRole('heading', { name: 'Your application is waiting for a decision' }),
    ).toBeVisible();
    expect(screen.getByText('Sent elsewhere')).toBeVisible();
  });

  it('shows the server’s field messages next to their fields', async () => {
    answerMine(null);
    api.fail('teaching.apply', 'VALIDATION_ERROR', undefined, [
      { path: 'experience', message: 'Describe it some more' },
    ]);
    startSignedIn('student');
    const { user } = renderApp('/dashboard/teach');
    await user.type(await screen.findByRole('textbox', { name: /What would you teach\?/ }), TOPIC);
    await user.type(screen.getByRole('textbox', { name: /Your experience/ }), EXPERIENCE);
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Describe it some more')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Your experience/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('shows a decline with the admin’s note, and applies again with what was sent', async () => {
    answerMine(
      buildTeachingApplication({
        topic: 'SQL for analysts',
        experience: 'Ten years of reporting and teaching SQL at evening classes.',
        sampleUrl: null,
        status: 'declined',
        decisionNote: 'Please link a sample lesson.',
        decidedAt: '2026-03-16T10:00:00.000Z',
      }),
    );
    startSignedIn('student');
    const { user } = renderApp('/dashboard/teach');
    expect(await screen.findByRole('heading', { name: 'Your application was declined' })).toBeVisible();
    expect(screen.getByText('Please link a sample lesson.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Apply again' }));
    const topic = screen.getByRole('textbox', { name: /What would you teach\?/ }) as HTMLInputElement;
    expect(topic.value).toBe('SQL for analysts');
    await user.type(
      screen.getByRole('textbox', { name: 'Sample link (optional)' }),
      'https://example.com/sql',
    );
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(api.calls('teaching.apply')[0]?.input).toEqual({
        topic: 'SQL for analysts',
        experience: 'Ten years of reporting and teaching SQL at evening classes.',
        sampleUrl: 'https://example.com/sql',
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Your application is waiting for a decision' }),
    ).toBeVisible();
  });

  it('after an approval, refreshes the session and opens the instructor dashboard', async () => {
    answerMine(buildTeachingApplication({ status: 'approved', decidedAt: '2026-03-16T10:00:00.000Z' }));
    api.answer('instructor.home', () => mockError('NOT_IMPLEMENTED'));
    const { user: student } = startSignedIn('student');
    await whenSessionChecked();
    // The server has made the student an instructor: the next refresh says so.
    const refreshesBefore = api.calls('auth.refresh').length;
    api.answer('auth.refresh', sessionBody(makeUser({ ...student, role: 'instructor' }), 'access-2'));
    const { user, router } = renderApp('/dashboard/teach');
    // The page re-renders once the session is refreshed: the heading is asserted where it stands after.
    const link = await screen.findByRole('link', { name: 'Go to your instructor dashboard' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'You are an instructor now' })).toBeVisible(),
    );
    expect(api.calls('auth.refresh').length).toBe(refreshesBefore + 1);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/instructor'));
  });

  it('is in the student sidebar', async () => {
    answerMine(null);
    startSignedIn('student');
    renderApp('/dashboard/teach');
    const link = await screen.findByRole('link', { name: 'Become an instructor' });
    expect(link.getAttribute('href')).toBe('/dashboard/teach');
  });
});
