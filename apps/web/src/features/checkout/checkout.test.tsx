/**
 * The checkout screen through the whole app (real routes, mocked API), test payment mode: the card form's
 * checks and Pay enabling, the purchase sequence with the redirect after 1000 ms and the session update,
 * and the messages of a decline, a server error and a failure without a message. Stripe mode is in
 * checkout-stripe.test.tsx (its modules are mocked there).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '~/lib/session';
import { api, server } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { deferred } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };

const course = makeCourse({ videos: [makeLecture({ _id: 'l1', isLocked: true })] });
const intent = {
  clientSecret: 'pi_1_secret_abc',
  paymentIntentId: 'pi_1',
  amount: 129900,
  currency: 'inr',
  provider: 'test' as const,
};
const testConfig = { provider: 'test' as const, publishableKey: null, currency: 'inr' };
const confirmed = {
  message: 'Payment confirmed. You are enrolled.',
  purchasedCourses: ['other', 'course-1'],
};

/** The API of a successful purchase of `course`; a test changes the answers it is about afterwards. */
function answerCheckout() {
  api.answer('courses.get', { data: course });
  api.answer('payment.config', testConfig);
  api.answer('payment.createIntent', intent);
  api.answer('payment.testConfirmCard', { paymentIntentId: 'pi_1', status: 'succeeded' });
  api.answer('payment.confirm', confirmed);
  api.answer('courses.mine', { data: { courses: [], nextCursor: null } });
}

const fields = () => ({
  number: screen.getByRole('textbox', { name: 'Card number' }),
  expiry: screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }),
  cvc: screen.getByRole('textbox', { name: 'CVC' }),
  pay: screen.getByRole('button', { name: /^Pay / }),
});

async function openCheckout(path = '/dashboard/checkout/course-1') {
  const view = renderApp(path);
  await screen.findByRole('textbox', { name: 'Card number' }, FIRST_PAINT);
  return view;
}

async function fillCard(
  user: ReturnType<typeof renderApp>['user'],
  card: { number: string; expiry?: string; cvc?: string },
) {
  const { number, expiry, cvc } = fields();
  await user.type(number, card.number);
  await user.type(expiry, card.expiry ?? '1240');
  await user.type(cvc, card.cvc ?? '123');
}

describe('checkout, test payment mode', () => {
  it('shows the course, the test-mode notice and a card form with autocomplete hints', async () => {
    answerCheckout();
    startSignedIn('student');
    await openCheckout();
    expect(screen.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText(course.title)).toBeVisible();
    expect(within(summary).getByText('₹1,299.00')).toBeVisible();
    expect(screen.getByText('Test mode: no real charges')).toBeVisible();
    const { number, expiry, cvc, pay } = fields();
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(expiry.getAttribute('autocomplete')).toBe('cc-exp');
    expect(cvc.getAttribute('autocomplete')).toBe('cc-csc');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(pay.textContent).toBe('Pay ₹1,299.00');
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });

  it('formats the fields, checks number (Luhn), expiry and CVC, and enables Pay only when all pass', async () => {
    answerCheckout();
    startSignedIn('student');
    const { user } = await openCheckout();
    const { number, expiry, cvc } = fields();
    const payDisabled = () => (fields().pay as HTMLButtonElement).disabled;

    await user.type(number, '4242424242424241');
    expect((number as HTMLInputElement).value).toBe('4242 4242 4242 4241');
    // A full number that fails the Luhn check is reported at once, tied to its field.
    const numberError = await screen.findByText('Your card number is invalid.');
    expect(numberError.getAttribute('role')).toBe('alert');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(number.getAttribute('aria-describedby')).toBe(numberError.id);

    await user.clear(number);
    await user.type(number, '4242');
    await user.click(expiry);
    // Incomplete values are reported once the field is left.
    expect(await screen.findByText('Your card number is incomplete.')).toBeVisible();
    await user.type(number, '424242424242');
    expect(screen.queryByText(/Your card number is/)).toBeNull();

    await user.type(expiry, '0120');
    expect((expiry as HTMLInputElement).value).toBe('01 / 20');
    expect(await screen.findByText("Your card's expiration date is in the past.")).toBeVisible();
    await user.clear(expiry);
    await user.type(expiry, '1240');
    expect((expiry as HTMLInputElement).value).toBe('12 / 40');
    expect(payDisabled()).toBe(true);

    await user.type(cvc, '1');
    await user.tab();
    expect(await screen.findByText("Your card's security code is incomplete.")).toBeVisible();
    expect(payDisabled()).toBe(true);
    await user.type(cvc, '2a3');
    expect((cvc as HTMLInputElement).value).toBe('123');
    expect(payDisabled()).toBe(false);
  });

  it('pays: intent, card, confirmation; shows success, updates the session and redirects after 1000 ms', async () => {
    const confirmation = deferred<typeof confirmed>();
    answerCheckout();
    api.answer('payment.confirm', () => confirmation.promise);
    startSignedIn('student', { purchasedCourses: ['other'] });
    const { user, router } = await openCheckout();
    await fillCard(user, { number: '4242 4242 4242 4242' });
    await user.click(fields().pay);

    // While processing: Pay is disabled and says so.
    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect((processing as HTMLButtonElement).disabled).toBe(true);

    confirmation.resolve(confirmed);
    const success = await screen.findByText('Payment successful! Redirecting to your courses...');
    const shownAt = Date.now();
    expect(success.closest('[role="status"]')).not.toBeNull();

    expect(api.calls('payment.createIntent')[0]?.input).toEqual({ courseId: 'course-1' });
    expect(api.calls('payment.testConfirmCard')[0]?.input).toEqual({
      paymentIntentId: 'pi_1',
      clientSecret: 'pi_1_secret_abc',
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    });
    expect(api.calls('payment.confirm')[0]?.input).toEqual({ paymentIntentId: 'pi_1' });
    expect(getSession().user?.purchasedCourses).toEqual(['other', 'course-1']);

    expect(router.state.location.pathname).toBe('/dashboard/checkout/course-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/mycourse'), {
      timeout: 4000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
    // My courses refetches the purchased list.
    await waitFor(() => expect(api.calls('courses.mine').length).toBeGreaterThan(0));
  });

  it('sends an instructor to their own My courses', async () => {
    answerCheckout();
    startSignedIn('instructor');
    const { user, router } = await openCheckout('/dashboard/instructor/checkout/course-1');
    await fillCard(user, { number: '4242424242424242' });
    await user.click(fields().pay);
    await screen.findByText('Payment successful! Redirecting to your courses...');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/instructor/mycourse'), {
      timeout: 4000,
    });
  });

  it("shows the provider's decline message, enrolls nothing and lets the buyer try again", async () => {
    answerCheckout();
    api.fail('payment.testConfirmCard', 'PAYMENT_FAILED', 'Your card was declined.');
    startSignedIn('student');
    const { user } = await openCheckout();
    await fillCard(user, { number: '4000 0000 0000 0002' });
    await user.click(fields().pay);

    const alert = await screen.findByText('Your card was declined.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(api.calls('payment.confirm')).toHaveLength(0);
    expect(getSession().user?.purchasedCourses).toEqual([]);
    expect(screen.queryByText('Payment successful! Redirecting to your courses...')).toBeNull();
    expect((fields().pay as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's message when there is no provider message", async () => {
    answerCheckout();
    api.fail('payment.createIntent', 'CONFLICT', 'You already own this course');
    startSignedIn('student');
    const { user } = await openCheckout();
    await fillCard(user, { number: '4242424242424242' });
    await user.click(fields().pay);
    expect((await screen.findByText('You already own this course')).getAttribute('role')).toBe('alert');
  });

  it("falls back to 'Something went wrong' when nothing says why", async () => {
    answerCheckout();
    // No answer at all: the request never reaches the server.
    server.use(http.post('*/trpc/payment.createIntent', () => HttpResponse.error()));
    startSignedIn('student');
    const { user } = await openCheckout();
    await fillCard(user, { number: '4242424242424242' });
    await user.click(fields().pay);
    expect((await screen.findByText('Something went wrong')).getAttribute('role')).toBe('alert');
  });
});

describe('checkout, other course states', () => {
  it('enrolls in a free course without a card', async () => {
    const free = makeCourse({ price: 0, videos: [makeLecture({ _id: 'l1' })] });
    answerCheckout();
    api.answer('courses.get', { data: free });
    api.answer('payment.createIntent', {
      ...intent,
      clientSecret: '',
      paymentIntentId: 'free',
      amount: 0,
      enrolled: true,
    });
    startSignedIn('student');
    const { user, router } = renderApp('/dashboard/checkout/course-1');
    await user.click(await screen.findByRole('button', { name: 'Enroll for free' }, FIRST_PAINT));
    expect(await screen.findByText('Payment successful! Redirecting to your courses...')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(api.calls('payment.confirm')).toHaveLength(0);
    expect(getSession().user?.purchasedCourses).toEqual(['course-1']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/mycourse'), {
      timeout: 4000,
    });
  });

  it('tells a viewer with full access to go watch instead of paying', async () => {
    const owned = makeCourse({
      canAccessAll: true,
      videos: [makeLecture({ _id: 'l1', videoUrl: '/v.mp4' })],
    });
    answerCheckout();
    api.answer('courses.get', { data: owned });
    startSignedIn('student');
    renderApp('/dashboard/checkout/course-1');
    expect(
      await screen.findByText('You already have access to this course.', undefined, FIRST_PAINT),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue Watching' }).getAttribute('href')).toBe(
      '/dashboard/course/course-1/lecture/l1',
    );
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('says lectures are coming soon for a course without lectures', async () => {
    const empty = makeCourse({ videos: [] });
    answerCheckout();
    api.answer('courses.get', { data: empty });
    startSignedIn('student');
    renderApp('/dashboard/checkout/course-1');
    expect(
      await screen.findByText('Lectures are coming soon. Please check back later.', undefined, FIRST_PAINT),
    ).toBeVisible();
  });

  it("shows 'Failed to load course' when the course can't be read", async () => {
    answerCheckout();
    api.fail('courses.get', 'NOT_FOUND', 'Course not found');
    startSignedIn('student');
    renderApp('/dashboard/checkout/course-1');
    expect(
      (await screen.findByText('Failed to load course', undefined, FIRST_PAINT)).getAttribute('role'),
    ).toBe('alert');
  });
});

describe('checkout with a coupon code', () => {
  const half = { code: 'HALF50', listPrice: 1299, discount: 649.5, amount: 649.5, currency: 'inr' };

  it('applies a typed code: the summary shows the discount and total, Pay the lower amount, the intent only the code', async () => {
    answerCheckout();
    api.answer('coupons.preview', half);
    startSignedIn('student', { purchasedCourses: [] });
    const { user } = await openCheckout();
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'HALF50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Coupon HALF50 applied: ₹649.50 off')).toBeVisible();
    expect(api.calls('coupons.preview')[0]?.input).toEqual({ courseId: 'course-1', code: 'HALF50' });
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('₹1,299.00').tagName).toBe('S');
    expect(within(summary).getByText('Coupon HALF50')).toBeVisible();
    expect(within(summary).getByText('Total')).toBeVisible();
    expect(fields().pay.textContent).toBe('Pay ₹649.50');

    await fillCard(user, { number: '4242424242424242' });
    await user.click(fields().pay);
    await screen.findByText('Payment successful! Redirecting to your courses...');
    expect(api.calls('payment.createIntent')[0]?.input).toEqual({
      courseId: 'course-1',
      couponCode: 'HALF50',
    });
  });

  it("shows the server's reason for a refused code and keeps the full price", async () => {
    answerCheckout();
    api.fail('coupons.preview', 'BAD_REQUEST', 'This coupon has expired');
    startSignedIn('student');
    const { user } = await openCheckout();
    const input = screen.getByRole('textbox', { name: 'Coupon code' });
    await user.type(input, 'OLDCODE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByText('This coupon has expired');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(fields().pay.textContent).toBe('Pay ₹1,299.00');

    await fillCard(user, { number: '4242424242424242' });
    await user.click(fields().pay);
    await screen.findByText('Payment successful! Redirecting to your courses...');
    expect(api.calls('payment.createIntent')[0]?.input).toEqual({ courseId: 'course-1' });
  });

  it('refuses a malformed code without asking the server', async () => {
    answerCheckout();
    startSignedIn('student');
    const { user } = await openCheckout();
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'no spaces!');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('A code is 3 to 32 letters, digits, dashes or underscores')).toBeVisible();
    expect(api.calls('coupons.preview')).toHaveLength(0);
  });

  it('applies the code a shared link carried (?coupon=), and Remove goes back to the full price', async () => {
    answerCheckout();
    api.answer('coupons.preview', half);
    startSignedIn('student');
    const { user } = renderApp('/dashboard/checkout/course-1?coupon=HALF50');
    expect(
      await screen.findByText('Coupon HALF50 applied: ₹649.50 off', undefined, FIRST_PAINT),
    ).toBeVisible();
    expect(fields().pay.textContent).toBe('Pay ₹649.50');
    await user.click(screen.getByRole('button', { name: 'Remove coupon HALF50' }));
    expect(fields().pay.textContent).toBe('Pay ₹1,299.00');
    expect((screen.getByRole('textbox', { name: 'Coupon code' }) as HTMLInputElement).value).toBe('');
  });

  it('enrolls without a card when the coupon covers the whole price', async () => {
    answerCheckout();
    api.answer('coupons.preview', { ...half, code: 'FREE100', discount: 1299, amount: 0 });
    api.answer('payment.createIntent', {
      ...intent,
      clientSecret: '',
      paymentIntentId: '',
      amount: 0,
      enrolled: true,
    });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/checkout/course-1?coupon=FREE100');
    expect(
      await screen.findByText('Your coupon covers the whole price: no card needed.', undefined, FIRST_PAINT),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enroll for free' }));
    await screen.findByText('Payment successful! Redirecting to your courses...');
    expect(api.calls('payment.createIntent')[0]?.input).toEqual({
      courseId: 'course-1',
      couponCode: 'FREE100',
    });
    expect(api.calls('payment.testConfirmCard')).toHaveLength(0);
  });

  it('shows no card form while the code is being checked', async () => {
    const answer = deferred<typeof half>();
    answerCheckout();
    api.answer('coupons.preview', () => answer.promise);
    startSignedIn('student');
    const { user } = await openCheckout();
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'HALF50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Checking the code...')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    answer.resolve(half);
    expect(await screen.findByRole('button', { name: 'Pay ₹649.50' })).toBeVisible();
  });
});
