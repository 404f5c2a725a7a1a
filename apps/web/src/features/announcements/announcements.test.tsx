/**
 * Announcements and course e-mail in the web app (decision 0089), through the whole app (real routes,
 * mocked API): the learner's course page lists the announcements with their Markdown rendered and the
 * "E-mail me about this course" switch; /unsubscribe, signed out, changes nothing until its button, then
 * offers the way back; a refused link says why.
 */
import { COURSE_MAIL_MESSAGES } from '@lectio/contracts/course-mail';
import { buildAnnouncement, MockApiError } from '@lectio/mocks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { makeCourse } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { forgetSessionHint, startSignedIn } from '../../../test/signed-in';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };

describe('the learner course page', () => {
  it('lists the announcements, Markdown rendered, and saves the e-mail switch', async () => {
    api.answerDefaults();
    startSignedIn('student');
    api.answer('courses.get', { data: makeCourse({ canAccessAll: true, title: 'State in React' }) });
    api.answer('announcements.list', {
      data: {
        announcements: [
          buildAnnouncement({ courseId: 'course-1', title: 'Lesson 2 re-recorded', body: 'Now **louder**.' }),
        ],
        nextCursor: null,
      },
    });
    api.answer('courseMail.preference', {
      data: { courseId: 'course-1', courseTitle: 'State in React', emails: true },
    });
    api.answer('courseMail.setPreference', ({ input }) => ({
      message: input.emails ? COURSE_MAIL_MESSAGES.emailsOn : COURSE_MAIL_MESSAGES.emailsOff,
      data: { courseId: input.courseId, courseTitle: 'State in React', emails: input.emails },
    }));
    renderApp('/dashboard/course/course-1');
    const panel = await screen.findByRole('region', { name: 'Announcements' }, FIRST_PAINT);
    expect(await within(panel).findByRole('heading', { name: 'Lesson 2 re-recorded' })).toBeTruthy();
    expect((await within(panel).findByText('louder', {}, FIRST_PAINT)).tagName).toBe('STRONG');
    const toggle = await within(panel).findByRole('checkbox', { name: 'E-mail me about this course' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(api.calls('courseMail.setPreference').map((call) => call.input)).toEqual([
      { courseId: 'course-1', emails: false },
    ]);
  });
});

describe('/unsubscribe', () => {
  it('signed out: names the course, unsubscribes only on the click, and offers the way back', async () => {
    forgetSessionHint();
    startSignedIn(null);
    const subscription = { courseId: 'course-1', courseTitle: 'State in React', emails: true };
    api.answer('courseMail.byToken', { data: subscription });
    api.answer('courseMail.unsubscribe', {
      message: COURSE_MAIL_MESSAGES.unsubscribed('State in React'),
      data: { ...subscription, emails: false },
    });
    api.answer('courseMail.resubscribe', {
      message: COURSE_MAIL_MESSAGES.resubscribed('State in React'),
      data: subscription,
    });
    renderApp('/unsubscribe?token=signed-token');
    expect(await screen.findByText(/Stop e-mails about “State in React”\?/, {}, FIRST_PAINT)).toBeTruthy();
    expect(api.calls('courseMail.byToken').map((call) => call.input)).toEqual([{ token: 'signed-token' }]);
    expect(api.calls('courseMail.unsubscribe')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You will get no more e-mail about State in React.')).toBeTruthy();
    expect(api.calls('courseMail.unsubscribe').map((call) => call.input)).toEqual([
      { token: 'signed-token' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me about this course again' }));
    expect(await screen.findByText('You will get e-mail about State in React again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });

  it('a refused link says why, with no button', async () => {
    forgetSessionHint();
    startSignedIn(null);
    api.answer('courseMail.byToken', () => {
      throw new MockApiError('BAD_REQUEST', COURSE_MAIL_MESSAGES.tokenInvalid);
    });
    renderApp('/unsubscribe?token=altered');
    expect(await screen.findByText(COURSE_MAIL_MESSAGES.tokenInvalid, {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This link did not work' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
