/**
 * The admin's refunds screen (decision 0040): a payment looked up (from the dashboard's transactions link)
 * and refunded in part with a reason, bad input refused with the reason and nothing sent, the list of
 * requests with Approve and Decline (a decline needs a reason), the state filter, and the sidebar entry.
 */
import { REFUND_MESSAGES } from '@lectio/contracts/messages';
import type { AdminRefund, RefundablePayment } from '@lectio/contracts/refunds';
import {
  buildAdminOverview,
  buildAdminRefund,
  buildAdminRefundPage,
  buildRefundablePayment,
  mockError,
} from '@lectio/mocks';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

configure({ asyncUtilTimeout: 5000 });

vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));

const PAYMENT_ID = '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a';

function answerPayment(payment: RefundablePayment) {
  const state = { ...payment };
  api.answer('refunds.payment', ({ input }) => {
    if (input.paymentId !== state._id) mockError('NOT_FOUND', 'Payment not found');
    return state;
  });
  api.answer('refunds.create', ({ input }) => {
    const amount = input.amount;
    if (amount > state.refundable)
      mockError('CONFLICT', 'The amount is more than what is left to refund (₹499.00).');
    state.refunded += amount;
    state.refundable -= amount;
    state.state = state.refundable === 0 ? 'refunded' : 'partially_refunded';
    return {
      message: 'The refund was made.',
      refund: buildAdminRefund({ paymentId: state._id, amount, status: 'succeeded', source: 'admin' }),
    };
  });
}

function answerRequests(refunds: AdminRefund[]) {
  const byId = new Map(refunds.map((refund) => [refund._id, { ...refund }]));
  api.answer('refunds.list', ({ input }) =>
    buildAdminRefundPage(
      [...byId.values()].filter((refund) => !input.status || refund.status === input.status),
    ),
  );
  api.answer('refunds.decide', ({ input }) => {
    const refund = byId.get(input.id);
    if (!refund) mockError('NOT_FOUND', 'Refund not found');
    refund.status = input.decision === 'approve' ? 'succeeded' : 'declined';
    refund.declineReason = input.decision === 'decline' ? (input.reason ?? null) : null;
    return {
      message: input.decision === 'approve' ? 'The refund was made.' : 'The refund request was declined.',
      refund,
    };
  });
}

function refundItem(text: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Refunds and requests' });
  const found = within(list)
    .getAllByRole('listitem')
    .find((entry) => entry.textContent?.includes(text));
  if (!found) throw new Error(`No refund with ${text}`);
  return found;
}

describe('refunds (admin)', () => {
  it('looks up the payment from the link and refunds part of it with a reason', async () => {
    answerRequests([]);
    answerPayment(
      buildRefundablePayment({
        _id: PAYMENT_ID,
        course: { _id: 'c-1', title: 'Modern React from Scratch' },
        student: { _id: 's-1', name: 'Asha Rao', email: 'asha@example.com' },
        amount: 499,
        refundable: 499,
      }),
    );
    startSignedIn('admin');
    const { user } = renderApp(`/dashboard/admin/refunds?paymentId=${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
    expect(await screen.findByText('Modern React from Scratch, bought by Asha Rao')).toBeVisible();
    const amount = screen.getByLabelText('Amount to refund (INR)') as HTMLInputElement;
    expect(amount.value).toBe('499.00');

    // No reason: refused by the contract, with its message beside the field, and nothing is refunded.
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const reason = screen.getByLabelText('Reason');
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Give a reason for the refund'));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('refunds.create')).toHaveLength(0);

    await user.type(screen.getByLabelText('Reason'), 'Charged twice');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(api.calls('refunds.create')[0]?.input).toEqual({
        paymentId: PAYMENT_ID,
        amount: 100,
        reason: 'Charged twice',
      }),
    );
    expect(await screen.findByText('The refund was made.')).toBeInTheDocument();
    // The payment is read again: 399 left.
    await waitFor(() =>
      expect((screen.getByLabelText('Amount to refund (INR)') as HTMLInputElement).value).toBe('399.00'),
    );
    expect(screen.getByText('Partially refunded')).toBeVisible();
  });

  it('shows the server’s refusal of too large an amount and an unknown payment', async () => {
    answerRequests([]);
    answerPayment(buildRefundablePayment({ _id: PAYMENT_ID, amount: 499, refundable: 499 }));
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/refunds');
    await screen.findByRole('heading', { level: 1, name: 'Refunds' });
    await user.type(screen.getByLabelText('Payment ID'), 'not-a-payment');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Payment not found');

    await user.clear(screen.getByLabelText('Payment ID'));
    await user.type(screen.getByLabelText('Payment ID'), PAYMENT_ID);
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const amount = (await screen.findByLabelText('Amount to refund (INR)')) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('499.00'));
    await user.clear(amount);
    await user.type(amount, '600');
    await user.type(screen.getByLabelText('Reason'), 'Too much');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    // The form's message line is always there (empty until a message arrives): wait for its text.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The amount is more than what is left to refund (₹499.00).',
      ),
    );
  });

  it('approves one request and declines another with a reason', async () => {
    answerRequests([
      buildAdminRefund({
        _id: 'r-1',
        reason: 'Not for me',
        payment: {
          course: { _id: 'c-1', title: 'Go for Backends' },
          student: { _id: 's-1', name: 'Ravi Kumar', email: 'ravi@example.com' },
        },
      }),
      buildAdminRefund({
        _id: 'r-2',
        reason: 'Too easy',
        payment: {
          course: { _id: 'c-2', title: 'Rust Basics' },
          student: { _id: 's-2', name: 'Meera Iyer', email: 'meera@example.com' },
        },
      }),
    ]);
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/refunds');
    await screen.findByRole('list', { name: 'Refunds and requests' });
    expect(within(refundItem('Ravi Kumar')).getByText('Not for me')).toBeVisible();

    await user.click(
      screen.getByRole('button', { name: 'Approve the refund for Ravi Kumar, Go for Backends' }),
    );
    await waitFor(() =>
      expect(api.calls('refunds.decide')[0]?.input).toEqual({ id: 'r-1', decision: 'approve' }),
    );
    await waitFor(() => expect(within(refundItem('Ravi Kumar')).getByText('Refunded')).toBeVisible());

    await user.click(screen.getByRole('button', { name: 'Decline the refund for Meera Iyer, Rust Basics' }));
    const meera = refundItem('Meera Iyer');
    // A decline without a reason is refused, beside the field, and sends nothing.
    await user.click(within(meera).getByRole('button', { name: 'Decline request' }));
    const declineReason = within(meera).getByLabelText('Reason for declining (the student sees it)');
    await waitFor(() =>
      expect(declineReason).toHaveAccessibleDescription('Give the student a reason for declining'),
    );
    expect(api.calls('refunds.decide')).toHaveLength(1);
    await user.type(declineReason, 'Most of it watched');
    await user.click(within(meera).getByRole('button', { name: 'Decline request' }));
    await waitFor(() =>
      expect(api.calls('refunds.decide').at(-1)?.input).toEqual({
        id: 'r-2',
        decision: 'decline',
        reason: 'Most of it watched',
      }),
    );
    await waitFor(() => expect(within(refundItem('Meera Iyer')).getByText('Declined')).toBeVisible());
    expect(within(refundItem('Meera Iyer')).getByText('Most of it watched')).toBeVisible();

    // The filter asks the server for one state.
    await user.selectOptions(screen.getByLabelText('Show'), 'requested');
    await waitFor(() =>
      expect(api.calls('refunds.list').at(-1)?.input).toMatchObject({ status: 'requested' }),
    );
    expect(await screen.findByText('No refunds or requests here.')).toBeVisible();
  });

  it('asks for an override reason when the rules no longer allow the approval, and sends it', async () => {
    const rule = 'Refunds can be requested only while less than 30% of the course is complete.';
    answerRequests([
      buildAdminRefund({
        _id: 'r-3',
        reason: 'Changed my mind',
        payment: {
          course: { _id: 'c-3', title: 'Go for Backends' },
          student: { _id: 's-3', name: 'Asha Rao', email: 'asha@example.com' },
        },
      }),
    ]);
    api.answer('refunds.decide', ({ input }) => {
      if (!input.overrideReason)
        mockError('CONFLICT', REFUND_MESSAGES.rulesNoLongerMet(rule), [
          { path: 'overrideReason', message: rule },
        ]);
      return {
        message: 'The refund was made.',
        refund: buildAdminRefund({ _id: 'r-3', status: 'succeeded', overrideReason: input.overrideReason }),
      };
    });
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/refunds');
    await screen.findByRole('list', { name: 'Refunds and requests' });
    await user.click(
      screen.getByRole('button', { name: 'Approve the refund for Asha Rao, Go for Backends' }),
    );
    const asha = refundItem('Asha Rao');
    // The field's issue names the rule that no longer holds, beside the reason the admin now gives.
    expect((await within(asha).findByRole('alert')).textContent).toBe(rule);
    await user.type(
      within(asha).getByLabelText('Reason for refunding anyway (recorded with the refund)'),
      'The video was broken',
    );
    await user.click(within(asha).getByRole('button', { name: 'Approve anyway' }));
    await waitFor(() =>
      expect(api.calls('refunds.decide').at(-1)?.input).toEqual({
        id: 'r-3',
        decision: 'approve',
        overrideReason: 'The video was broken',
      }),
    );
  });

  it('is in the admin sidebar and linked from the dashboard’s transactions', async () => {
    answerRequests([]);
    api.answer(
      'admin.overview',
      buildAdminOverview({
        recentTransactions: [
          {
            _id: PAYMENT_ID,
            course: { title: 'Docker in Practice' },
            createdAt: '2026-03-05T08:35:00.000Z',
            amount: 2499,
          },
        ],
      }),
    );
    startSignedIn('admin');
    renderApp('/dashboard/admin');
    const transaction = await screen.findByRole('link', {
      name: 'Refund the payment for Docker in Practice',
    });
    expect(transaction.getAttribute('href')).toBe(`/dashboard/admin/refunds?paymentId=${PAYMENT_ID}`);
    expect(screen.getByRole('link', { name: 'Refunds' }).getAttribute('href')).toBe(
      '/dashboard/admin/refunds',
    );
  });
});
