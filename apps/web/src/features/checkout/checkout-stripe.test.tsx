/**
 * Checkout in Stripe mode. js.stripe.com can't be reached from the test machines, so Stripe.js and the
 * React bindings are replaced by small fakes that keep their contract: `loadStripe` resolves a Stripe
 * object, `CardElement` reports `{ complete, error }` through onChange, `confirmCardPayment` answers
 * `{ paymentIntent }` or `{ error }`. What is tested is our wiring: lazy form, Pay enabling, the confirm
 * call and which message shows.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '~/lib/session';
import { api } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

const stripeFake = vi.hoisted(() => ({
  confirmCardPayment: vi.fn(),
  loadStripe: vi.fn(),
  onChange: null as null | ((event: { complete: boolean; error?: { message: string } }) => void),
  cardElement: { kind: 'card-element' },
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeFake.loadStripe }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { createContext, createElement, useContext } = await import('react');
  const StripeContext = createContext<unknown>(null);
  const CardElement = (props: { onChange?: typeof stripeFake.onChange; id?: string }) => {
    stripeFake.onChange = props.onChange ?? null;
    return createElement('div', { 'data-testid': 'card-element', id: props.id });
  };
  return {
    Elements: ({ stripe, children }: { stripe: unknown; children: unknown }) =>
      createElement(StripeContext.Provider, { value: stripe }, children as never),
    CardElement,
    useStripe: () => useContext(StripeContext),
    useElements: () => ({
      getElement: (type: unknown) => (type === CardElement ? stripeFake.cardElement : null),
    }),
  };
});

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };

const course = makeCourse({ videos: [makeLecture({ _id: 'l1', isLocked: true })] });

/** Each test uses its own key: the form keeps one Stripe.js load per key for the page's lifetime. */
function start(publishableKey: string) {
  api.answer('courses.get', { data: course });
  api.answer('payment.config', { provider: 'stripe', publishableKey, currency: 'inr' });
  api.answer('payment.createIntent', {
    clientSecret: 'pi_9_secret_x',
    paymentIntentId: 'pi_9',
    amount: 129900,
    currency: 'inr',
    provider: 'stripe',
  });
  api.answer('payment.confirm', {
    message: 'Payment confirmed. You are enrolled.',
    purchasedCourses: ['course-1'],
  });
  api.answer('courses.mine', { data: { courses: [], nextCursor: null } });
  return startSignedIn('student');
}

const pay = () => screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement;

beforeEach(() => {
  stripeFake.onChange = null;
  stripeFake.confirmCardPayment.mockReset();
  stripeFake.loadStripe.mockReset();
  stripeFake.loadStripe.mockResolvedValue({ confirmCardPayment: stripeFake.confirmCardPayment });
});

describe('checkout, Stripe mode', () => {
  it('loads Stripe with the publishable key, enables Pay once the card is complete and pays', async () => {
    stripeFake.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    start('pk_test_123');
    const { user, router } = renderApp('/dashboard/checkout/course-1');
    await screen.findByTestId('card-element', undefined, FIRST_PAINT);
    expect(stripeFake.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByText('Test mode: no real charges')).toBeNull();
    expect(screen.getByRole('group', { name: 'Card details' })).toBeVisible();
    expect(pay().disabled).toBe(true);

    act(() => stripeFake.onChange?.({ complete: false, error: { message: 'Your card number is invalid.' } }));
    expect(screen.getByRole('alert').textContent).toBe('Your card number is invalid.');
    act(() => stripeFake.onChange?.({ complete: true }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pay().disabled).toBe(false);

    await user.click(pay());
    expect(await screen.findByText('Payment successful! Redirecting to your courses...')).toBeVisible();
    expect(stripeFake.confirmCardPayment).toHaveBeenCalledWith('pi_9_secret_x', {
      payment_method: { card: stripeFake.cardElement },
    });
    expect(api.calls('payment.confirm')[0]?.input).toEqual({ paymentIntentId: 'pi_9' });
    expect(getSession().user?.purchasedCourses).toEqual(['course-1']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/mycourse'), {
      timeout: 4000,
    });
  });

  it("shows Stripe's error message and does not confirm on the server", async () => {
    stripeFake.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    start('pk_test_decline');
    const { user } = renderApp('/dashboard/checkout/course-1');
    await screen.findByTestId('card-element', undefined, FIRST_PAINT);
    act(() => stripeFake.onChange?.({ complete: true }));
    await user.click(pay());
    expect((await screen.findByText('Your card was declined.')).getAttribute('role')).toBe('alert');
    expect(api.calls('payment.confirm')).toHaveLength(0);
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripeFake.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    start('pk_test_unreachable');
    renderApp('/dashboard/checkout/course-1');
    expect(
      await screen.findByText(
        'The payment form could not be loaded. Please try again later.',
        undefined,
        FIRST_PAINT,
      ),
    ).toBeVisible();
  });
});
