/**
 * The coupons screen (issue 14, item 4): an instructor's empty list, a coupon made for one of their courses
 * (what is sent, the toast, the form reset and the list read again), the form's own checks and the server's
 * refusals shown next to it, each coupon's discount, scope, uses, expiry and state, Disable and Enable, the
 * share link copied (or shown when the clipboard refuses), 'Load more', and an admin's coupon for every course.
 */
import type { Coupon, CreateCouponRequest } from '@lectio/contracts/coupons';
import { COUPON_MESSAGES } from '@lectio/contracts/messages';
import { buildCoupon, mockError } from '@lectio/mocks';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '~/features/admin/format';
import { api } from '../../../test/api-mocks';
import { coursePage, makeCourse } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const ME = '0c0c0c0c-1111-4222-8333-444444444444';
const REACT = '0a0a0a0a-1111-4222-8333-000000000001';
const GO = '0a0a0a0a-1111-4222-8333-000000000002';

/** A registry of coupons that coupons.create, coupons.setDisabled and coupons.list answer from, newest first. */
function answerCoupons(initial: Coupon[], pageSize = 50) {
  const coupons = initial.map((coupon) => ({ ...coupon }));
  api.answer('coupons.list', ({ input }) => {
    const start = input.cursor ? Number(input.cursor) : 0;
    const end = start + Math.min(input.limit, pageSize);
    return { coupons: coupons.slice(start, end), nextCursor: end < coupons.length ? String(end) : null };
  });
  api.answer('coupons.create', ({ input }) => {
    const title = input.courseId === REACT ? 'Modern React from Scratch' : null;
    const coupon = buildCoupon({
      code: input.code,
      kind: input.kind,
      percentOff: input.percentOff ?? null,
      amountOff: input.amountOff ?? null,
      scope: input.scope,
      courseId: input.courseId ?? null,
      courseTitle: title,
      instructorId: input.scope === 'instructor' ? ME : null,
      expiresAt: input.expiresAt ?? null,
      maxRedemptions: input.maxRedemptions ?? null,
      redemptions: 0,
    });
    coupons.unshift(coupon);
    return { message: COUPON_MESSAGES.created(coupon.code), coupon };
  });
  api.answer('coupons.setDisabled', ({ input }) => {
    const coupon = coupons.find((candidate) => candidate._id === input.id);
    if (!coupon) mockError('NOT_FOUND', 'Coupon not found');
    coupon.disabled = input.disabled;
    return { coupon };
  });
}

function answerMyCourses() {
  api.answer(
    'courses.instructorList',
    coursePage([
      makeCourse({ _id: REACT, title: 'Modern React from Scratch' }),
      makeCourse({ _id: GO, title: 'Go for Backends' }),
    ]),
  );
}

/** The row of the coupons table with this code. */
function couponRow(code: string): HTMLElement {
  const table = screen.getByRole('table');
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('rowheader', { name: code }));
  if (!row) throw new Error(`No coupon ${code}`);
  return row;
}

describe('/dashboard/instructor/coupons', () => {
  it('shows the empty state, then makes a coupon for one course and lists it', async () => {
    answerCoupons([]);
    answerMyCourses();
    startSignedIn('instructor', { _id: ME });
    const { user } = renderApp('/dashboard/instructor/coupons');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
    expect(await screen.findByText('No coupons yet')).toBeVisible();
    expect(screen.getByText(/A coupon is a code students enter at checkout/)).toBeVisible();
    // An instructor can't make a coupon for every course.
    expect(screen.queryByRole('radio', { name: 'Every course' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'One course' }) as HTMLInputElement).checked).toBe(true);

    await user.type(screen.getByLabelText('Code'), 'SAVE50');
    await user.type(screen.getByLabelText('Percent off'), '50');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Course' }),
      'Modern React from Scratch',
    );
    fireEvent.change(screen.getByLabelText('Expires (optional)'), { target: { value: '2030-01-02T10:30' } });
    await user.type(screen.getByLabelText('Usage limit (optional)'), '5');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(api.calls('coupons.create')).toHaveLength(1));
    const sent: CreateCouponRequest = {
      code: 'SAVE50',
      kind: 'percent',
      percentOff: 50,
      scope: 'course',
      courseId: REACT,
      expiresAt: new Date('2030-01-02T10:30').toISOString(),
      maxRedemptions: 5,
    };
    expect(api.calls('coupons.create')[0]?.input).toEqual(sent);
    expect(await screen.findByText('Coupon SAVE50 created.')).toBeInTheDocument();
    // The form is empty again, and the list was read again with the new coupon.
    await waitFor(() => expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Percent off') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Usage limit (optional)') as HTMLInputElement).value).toBe('');
    const row = await waitFor(() => couponRow('SAVE50'));
    expect(within(row).getByText('50% off')).toBeVisible();
    expect(within(row).getByText('Modern React from Scratch')).toBeVisible();
    expect(within(row).getByText('0 of 5')).toBeVisible();
    expect(within(row).getByText('Active')).toBeVisible();
    expect(screen.queryByText('No coupons yet')).toBeNull();
  });

  it('makes a fixed-amount coupon for all the instructor’s courses without a course or limit', async () => {
    answerCoupons([]);
    answerMyCourses();
    startSignedIn('instructor', { _id: ME });
    const { user } = renderApp('/dashboard/instructor/coupons');
    await screen.findByText('No coupons yet');
    await user.type(screen.getByLabelText('Code'), 'TENOFF');
    await user.click(screen.getByRole('radio', { name: 'Fixed amount' }));
    await user.type(screen.getByLabelText('Amount off (INR)'), '12.5');
    await user.click(screen.getByRole('radio', { name: 'All my courses' }));
    expect(screen.queryByRole('combobox', { name: 'Course' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() =>
      expect(api.calls('coupons.create')[0]?.input).toEqual({
        code: 'TENOFF',
        kind: 'fixed',
        amountOff: 12.5,
        scope: 'instructor',
      }),
    );
    const row = await waitFor(() => couponRow('TENOFF'));
    expect(within(row).getByText('₹12.50 off')).toBeVisible();
    expect(within(row).getByText('All your courses')).toBeVisible();
    expect(within(row).getByText('0 used')).toBeVisible();
    expect(within(row).getByText('Never')).toBeVisible();
    // Only a course coupon has a share link.
    expect(within(row).queryByRole('button', { name: /Copy share link/ })).toBeNull();
  });

  it('says next to each field what the contract refuses, sends nothing, and shows the server’s refusals', async () => {
    answerCoupons([]);
    answerMyCourses();
    startSignedIn('instructor', { _id: ME });
    const { user } = renderApp('/dashboard/instructor/coupons');
    await screen.findByText('No coupons yet');
    const create = screen.getByRole('button', { name: 'Create coupon' });
    const code = screen.getByLabelText('Code');
    const percent = screen.getByLabelText('Percent off');
    const course = await screen.findByRole('combobox', { name: 'Course' });
    await waitFor(() => expect(within(course).getAllByRole('option')).toHaveLength(3));

    await user.type(code, 'no!');
    await user.click(create);
    // The code's hint is the rule itself; its error repeats it.
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        `${COUPON_MESSAGES.codeInvalid} ${COUPON_MESSAGES.codeInvalid}`,
      ),
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(percent).toHaveAccessibleDescription(COUPON_MESSAGES.percentInvalid);
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(course).toHaveAccessibleDescription(COUPON_MESSAGES.courseRequired);
    expect(course.getAttribute('aria-invalid')).toBe('true');
    // The first field to fix has the keyboard.
    await waitFor(() => expect(document.activeElement).toBe(code));

    await user.clear(code);
    await user.type(code, 'SAVE50');
    await user.selectOptions(course, 'Go for Backends');
    await user.type(percent, '150');
    await user.click(create);
    expect(code).toHaveAccessibleDescription(COUPON_MESSAGES.codeInvalid);
    expect(course).not.toHaveAccessibleDescription();
    expect(percent).toHaveAccessibleDescription(COUPON_MESSAGES.percentInvalid);
    expect(api.calls('coupons.create')).toHaveLength(0);

    // Refused by the server: its message under the form.
    api.fail('coupons.create', 'CONFLICT', COUPON_MESSAGES.codeTaken);
    await user.clear(percent);
    await user.type(percent, '20');
    await user.click(create);
    const refusal = await screen.findByText(COUPON_MESSAGES.codeTaken);
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(api.calls('coupons.create')).toHaveLength(1);
    // What was typed stays for the user to fix.
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('SAVE50');
  });

  it('lists each coupon’s discount, scope, uses, expiry and state, and disables and enables one', async () => {
    answerCoupons([
      buildCoupon({ code: 'HALF', courseId: REACT, courseTitle: 'Modern React from Scratch' }),
      buildCoupon({
        code: 'OLD',
        expiresAt: '2020-03-05T08:35:00.000Z',
        courseId: GO,
        courseTitle: 'Go for Backends',
      }),
      buildCoupon({
        code: 'GONE',
        kind: 'fixed',
        percentOff: null,
        amountOff: 100,
        scope: 'instructor',
        courseId: null,
        courseTitle: null,
        instructorId: ME,
        maxRedemptions: 3,
        redemptions: 3,
      }),
      buildCoupon({ code: 'OFF', disabled: true, maxRedemptions: null, redemptions: 7 }),
    ]);
    answerMyCourses();
    startSignedIn('instructor', { _id: ME });
    const { user } = renderApp('/dashboard/instructor/coupons');
    await screen.findByRole('table', { name: 'Your coupons' });

    expect(within(couponRow('HALF')).getByText('2 of 5')).toBeVisible();
    expect(within(couponRow('HALF')).getByText('Active')).toBeVisible();
    expect(within(couponRow('OLD')).getByText('Expired')).toBeVisible();
    // The expiry in the viewer's time zone, e.g. '5 Mar 2020, 2:05 pm' in India.
    const expiry = within(couponRow('OLD')).getByText(formatDateTime('2020-03-05T08:35:00.000Z'));
    expect(expiry.getAttribute('datetime')).toBe('2020-03-05T08:35:00.000Z');
    expect(within(couponRow('GONE')).getByText('₹100.00 off')).toBeVisible();
    expect(within(couponRow('GONE')).getByText('All your courses')).toBeVisible();
    expect(within(couponRow('GONE')).getByText('Used up')).toBeVisible();
    expect(within(couponRow('OFF')).getByText('7 used')).toBeVisible();
    expect(within(couponRow('OFF')).getByText('Disabled')).toBeVisible();

    const disable = within(couponRow('HALF')).getByRole('button', { name: 'Disable coupon HALF' });
    expect(disable.textContent).toBe('Disable');
    await user.click(disable);
    await waitFor(() => expect(api.calls('coupons.setDisabled')[0]?.input).toMatchObject({ disabled: true }));
    expect(await screen.findByText('Coupon HALF disabled.')).toBeInTheDocument();
    await waitFor(() => expect(within(couponRow('HALF')).getByText('Disabled')).toBeVisible());

    await user.click(within(couponRow('OFF')).getByRole('button', { name: 'Enable coupon OFF' }));
    await waitFor(() =>
      expect(api.calls('coupons.setDisabled').at(-1)?.input).toMatchObject({ disabled: false }),
    );
    await waitFor(() => expect(within(couponRow('OFF')).getByText('Active')).toBeVisible());
  });

  it('copies a course coupon’s share link, and shows it when the clipboard refuses', async () => {
    answerCoupons([buildCoupon({ code: 'HALF', courseId: REACT })]);
    answerMyCourses();
    startSignedIn('instructor', { _id: ME });
    const { user } = renderApp('/dashboard/instructor/coupons');
    await screen.findByRole('table');
    const link = `${window.location.origin}/course/${REACT}?coupon=HALF`;

    const copy = within(couponRow('HALF')).getByRole('button', { name: 'Copy share link for coupon HALF' });
    expect(copy.textContent).toBe('Copy share link');
    await user.click(copy);
    expect(await screen.findByText('Share link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('Not allowed'));
    await user.click(copy);
    const shown = (await screen.findByLabelText('Share link for coupon HALF')) as HTMLInputElement;
    expect(shown.value).toBe(link);
    expect(shown.readOnly).toBe(true);
  });

  it('loads more coupons from the next cursor', async () => {
    answerCoupons(
      [buildCoupon({ code: 'FIRST' }), buildCoupon({ code: 'SECOND' }), buildCoupon({ code: 'THIRD' })],
      2,
    );
    answerMyCourses();
    startSignedIn('instructor', { _id: ME });
    const { user } = renderApp('/dashboard/instructor/coupons');
    await screen.findByRole('table');
    expect(screen.queryByRole('rowheader', { name: 'THIRD' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('rowheader', { name: 'THIRD' })).toBeVisible();
    expect(api.calls('coupons.list').at(-1)?.input).toMatchObject({ cursor: '2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('is in the instructor’s sidebar', async () => {
    answerCoupons([]);
    answerMyCourses();
    startSignedIn('instructor', { _id: ME });
    renderApp('/dashboard/instructor/coupons');
    await screen.findByText('No coupons yet');
    expect(screen.getByRole('link', { name: 'Coupons' }).getAttribute('href')).toBe(
      '/dashboard/instructor/coupons',
    );
  });
});

describe('/dashboard/admin/coupons', () => {
  it('makes a coupon for every course and shows whose coupons they are', async () => {
    answerCoupons([
      buildCoupon({
        code: 'THEIRS',
        scope: 'instructor',
        courseId: null,
        courseTitle: null,
        instructorId: '0d0d0d0d-1111-4222-8333-444444444444',
      }),
    ]);
    answerMyCourses();
    startSignedIn('admin', { _id: ME });
    const { user } = renderApp('/dashboard/admin/coupons');
    await screen.findByRole('table', { name: 'All coupons' });
    expect(within(couponRow('THEIRS')).getByText('All courses of one instructor')).toBeVisible();

    await user.type(screen.getByLabelText('Code'), 'LAUNCH');
    await user.type(screen.getByLabelText('Percent off'), '10');
    await user.click(screen.getByRole('radio', { name: 'Every course' }));
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() =>
      expect(api.calls('coupons.create')[0]?.input).toEqual({
        code: 'LAUNCH',
        kind: 'percent',
        percentOff: 10,
        scope: 'platform',
      }),
    );
    const row = await waitFor(() => couponRow('LAUNCH'));
    expect(within(row).getByText('Every course')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Coupons' }).getAttribute('href')).toBe(
      '/dashboard/admin/coupons',
    );
  });
});
