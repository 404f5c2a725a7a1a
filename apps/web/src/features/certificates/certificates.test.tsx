/**
 * The certificate screens through the whole app (real routes, mocked API): the public verification page
 * (valid, revoked, unknown, malformed, and the admin's revoke form), My certificates (list, download,
 * empty state) and the player's "Course complete" notice.
 */
import { buildCertificateVerification, buildMyCertificate } from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '~/lib/query-client';
import { api } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { forgetSessionHint, startSignedIn } from '../../../test/signed-in';
import { fileNameFromDisposition } from './certificate-download';
import { myCertificatesQuery } from './certificate-queries';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };

const ID = '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';
const OTHER_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

const valid = buildCertificateVerification({
  id: ID,
  studentName: 'Ravi Kumar',
  courseTitle: 'Full-Stack TypeScript',
  instructorName: 'Asha Rao',
  issuedAt: '2026-11-23T10:00:00.000Z',
});

function visitAnonymously() {
  forgetSessionHint();
  startSignedIn(null);
}

describe('verification page (/certificates/{id})', () => {
  it('tells a visitor without a session that the certificate is valid, with its facts', async () => {
    api.answer('certificates.verify', valid);
    visitAnonymously();
    renderApp(`/certificates/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Valid certificate' }, FIRST_PAINT)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Certificate verification', level: 1 })).toBeVisible();
    const facts = screen.getByRole('region', { name: 'Valid certificate' });
    for (const text of ['Ravi Kumar', 'Full-Stack TypeScript', 'Asha Rao', '23 November 2026', ID]) {
      expect(within(facts).getByText(text)).toBeVisible();
    }
    expect(api.calls('certificates.verify')[0]?.input).toEqual({ id: ID });
    expect(screen.queryByRole('button', { name: 'Revoke certificate' })).toBeNull();
  });

  it('says a revoked certificate is no longer valid, and when it was revoked', async () => {
    api.answer('certificates.verify', {
      ...valid,
      status: 'revoked',
      revokedAt: '2026-12-01T08:00:00.000Z',
      revokedReason: null,
    });
    visitAnonymously();
    renderApp(`/certificates/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Revoked certificate' }, FIRST_PAINT)).toBeVisible();
    expect(screen.getByText(/has been revoked\. It is no longer valid/)).toBeVisible();
    expect(screen.getByText('1 December 2026')).toBeVisible();
    expect(screen.queryByText('Valid certificate')).toBeNull();
  });

  it('says when no certificate has the address, and when the address is not a certificate address', async () => {
    api.fail('certificates.verify', 'NOT_FOUND', 'Certificate not found');
    visitAnonymously();
    const { router } = renderApp(`/certificates/${OTHER_ID}`);
    const alert = await screen.findByRole('alert', {}, FIRST_PAINT);
    expect(alert.textContent).toBe('No certificate has this address. Check that it was copied in full.');

    // A malformed id: the contract's input schema refuses it (400) before any answer.
    await router.navigate({ to: '/certificates/$id', params: { id: 'not-a-certificate' } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This is not a certificate address. Check that it was copied in full.',
      ),
    );
  });

  it('lets an admin revoke a valid certificate with a reason, then shows it revoked', async () => {
    api.answer('certificates.verify', valid);
    api.answer('certificates.revoke', ({ input }) => ({
      message: 'The certificate was revoked',
      certificate: {
        ...valid,
        status: 'revoked',
        revokedAt: '2026-12-01T08:00:00.000Z',
        revokedReason: input.reason,
      },
    }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    startSignedIn('admin');
    const { user } = renderApp(`/certificates/${ID}`);
    const submit = await screen.findByRole('button', { name: 'Revoke certificate' }, FIRST_PAINT);
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Reason for revoking'), 'Completed by someone else');
    await user.click(submit);

    expect(confirm).toHaveBeenCalledOnce();
    expect(await screen.findByRole('heading', { name: 'Revoked certificate' })).toBeVisible();
    expect(api.calls('certificates.revoke')[0]?.input).toEqual({
      id: ID,
      reason: 'Completed by someone else',
    });
    expect(screen.getByText('Completed by someone else')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Revoke certificate' })).toBeNull();
  });

  it('revokes nothing when the admin cancels the confirmation', async () => {
    api.answer('certificates.verify', valid);
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    startSignedIn('admin');
    const { user } = renderApp(`/certificates/${ID}`);
    await user.type(await screen.findByLabelText('Reason for revoking', {}, FIRST_PAINT), 'Oops');
    await user.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    expect(api.calls('certificates.revoke')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  });

  it('shows students no revoke form', async () => {
    api.answer('certificates.verify', valid);
    startSignedIn('student');
    renderApp(`/certificates/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Valid certificate' }, FIRST_PAINT)).toBeVisible();
    expect(screen.queryByLabelText('Reason for revoking')).toBeNull();
  });
});

describe('My certificates (/dashboard/certificates)', () => {
  const clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:certificate');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the certificates with their state, a PDF download and the verification page', async () => {
    api.answer('certificates.mine', {
      certificates: [
        buildMyCertificate({ ...valid, courseId: 'course-1' }),
        buildMyCertificate({
          id: OTHER_ID,
          courseTitle: 'Data Science Foundations',
          status: 'revoked',
          revokedAt: '2026-12-01T08:00:00.000Z',
          revokedReason: 'Issued in error',
        }),
      ],
    });
    api.answer(
      'certificates.pdf',
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="lectio-certificate-full-stack-typescript.pdf"',
        },
      }),
    );
    startSignedIn('student');
    const { user } = renderApp('/dashboard/certificates');
    expect(
      await screen.findByRole('heading', { name: 'My Certificates', level: 1 }, FIRST_PAINT),
    ).toBeVisible();
    const first = await screen.findByRole('article', { name: 'Full-Stack TypeScript' });
    expect(within(first).getByText('Valid')).toBeVisible();
    expect(within(first).getByText(/Issued 23 November 2026/)).toBeVisible();
    const view = within(first).getByRole('link', { name: /^View verification/ });
    expect(view.getAttribute('href')).toBe(`/certificates/${ID}`);
    const revoked = screen.getByRole('article', { name: 'Data Science Foundations' });
    expect(within(revoked).getByText('Revoked')).toBeVisible();
    expect(within(revoked).getByText('Reason: Issued in error')).toBeVisible();

    await user.click(
      within(first).getByRole('button', {
        name: 'Download PDF of the certificate for Full-Stack TypeScript',
      }),
    );
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('lectio-certificate-full-stack-typescript.pdf');
    expect(clicked[0]?.href).toBe('blob:certificate');
    const [call] = api.calls('certificates.pdf');
    expect(call?.input).toMatchObject({ params: { id: ID } });
    expect(call?.request.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('says when a download fails, and saves nothing', async () => {
    api.answer('certificates.mine', {
      certificates: [buildMyCertificate({ ...valid, courseId: 'course-1' })],
    });
    api.fail('certificates.pdf', 'NOT_FOUND', 'Certificate not found');
    startSignedIn('student');
    const { user } = renderApp('/dashboard/certificates');
    await user.click(await screen.findByRole('button', { name: /^Download PDF/ }, FIRST_PAINT));
    expect(
      await screen.findByText('The certificate could not be downloaded. Please try again.'),
    ).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it('has an empty state leading to My Courses', async () => {
    api.answer('certificates.mine', { certificates: [] });
    startSignedIn('student');
    renderApp('/dashboard/certificates');
    expect(await screen.findByText(/You have no certificates yet/, undefined, FIRST_PAINT)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Courses' }).getAttribute('href')).toBe(
      '/dashboard/mycourse',
    );
  });

  it('is in the student sidebar', async () => {
    api.answer('certificates.mine', { certificates: [] });
    startSignedIn('student');
    renderApp('/dashboard/certificates');
    const link = await screen.findByRole('link', { name: 'My Certificates' }, FIRST_PAINT);
    expect(link.getAttribute('href')).toBe('/dashboard/certificates');
  });
});

describe('fileNameFromDisposition', () => {
  it('reads the quoted file name, or null', () => {
    expect(fileNameFromDisposition('attachment; filename="a-b.pdf"')).toBe('a-b.pdf');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('lecture player', () => {
  const lecture = makeLecture({ _id: 'l1', order: 1, title: 'Only lecture', videoUrl: '/media/l1.mp4' });
  function answerPlayer(percentage: number) {
    // The course read carries the viewer's progress too; the player shows it until progress.course answers.
    const course = makeCourse({
      _id: 'course-1',
      videos: [lecture],
      canAccessAll: true,
      progress: percentage,
    });
    api.answer('courses.get', { data: course });
    api.answer('progress.course', {
      progress: {
        courseId: 'course-1',
        completionPercentage: percentage,
        lectures: [{ lectureId: 'l1', watchedDuration: 5, completed: percentage === 100 }],
      },
    });
  }

  it('says nothing before the course is complete', async () => {
    answerPlayer(50);
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l1');
    expect(await screen.findByRole('progressbar', { name: 'Course progress' }, FIRST_PAINT)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Course complete' })).toBeNull();
    // The player never asks for the certificates (read from the query cache, which each test starts
    // empty: a request an earlier test left in flight can still reach the mock during this one).
    expect(queryClient.getQueryCache().find({ queryKey: myCertificatesQuery().queryKey })).toBeUndefined();
  });

  it('offers the certificate once the course is complete', async () => {
    answerPlayer(100);
    api.answer('certificates.mine', {
      certificates: [
        buildMyCertificate({ id: OTHER_ID, courseId: 'another-course' }),
        buildMyCertificate({ ...valid, courseId: 'course-1' }),
      ],
    });
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l1');
    const notice = await screen.findByRole('region', { name: 'Course complete' }, FIRST_PAINT);
    expect(within(notice).getByRole('button', { name: 'Download certificate' })).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'View verification' }).getAttribute('href')).toBe(
      `/certificates/${ID}`,
    );
  });
});
