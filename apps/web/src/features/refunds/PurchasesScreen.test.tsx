/**
 * The student's purchases (decision 0040): each purchase with its state and refund, "Request a refund"
 * where the rules allow it and the reason where they don't, the request form with the server's answer,
 * refused input shown without a change, and the sidebar entry.
 */
import type { Purchase } from '@lectio/contracts/refunds';
import { buildPurchase, buildPurchaseList, buildRefund, mockError } from '@lectio/mocks';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

configure({ asyncUtilTimeout: 5000 });

function purchaseItem(title: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Your purchases' });
  const found = within(list)
    .getAllByRole('article')
    .find((entry) => entry.textContent?.includes(title));
  if (!found) throw new Error(`No purchase of ${title}`);
  return found;
}

/** A small fake of the refunds API: the purchases, and a request turning one into an open request. */
function answerPurchases(purchases: Purchase[]) {
  const byId = new Map(purchases.map((purchase) => [purchase.paymentId, { ...purchase }]));
  api.answer('refunds.mine', () => buildPurchaseList([...byId.values()]));
  api.answer('refunds.request', ({ input }) => {
    const purchase = byId.get(input.paymentId);
    if (!purchase) mockError('NOT_FOUND', 'Payment not found');
    const refund = buildRefund({
      paymentId: input.paymentId,
      reason: input.reason,
      createdAt: '2026-03-15T10:00:00.000Z',
    });
    purchase.refund = refund;
    purchase.canRequestRefund = false;
    purchase.refundNotice = 'You already have an open refund request for this purchase.';
    return { message: 'Your refund request was sent. You will see the decision here.', refund };
  });
}

describe('purchases (student)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists purchases with their state, requests a refund and shows it waiting for a decision', async () => {
    answerPurchases([
      buildPurchase({
        paymentId: 'p-react',
        course: { _id: 'course-1', title: 'Modern React from Scratch' },
        amount: 499,
        currency: 'INR',
        createdAt: '2026-03-10T10:00:00.000Z',
      }),
      buildPurchase({
        paymentId: 'p-go',
        course: { _id: 'course-2', title: 'Go for Backends' },
        amount: 999,
        state: 'refunded',
        refunded: 999,
        canRequestRefund: false,
        refundNotice: 'This purchase has been refunded.',
        refund: buildRefund({ status: 'succeeded', amount: 999, source: 'admin' }),
      }),
      buildPurchase({
        paymentId: 'p-late',
        course: { _id: 'course-3', title: 'Old Purchase' },
        canRequestRefund: false,
        refundNotice: 'Refunds can be requested within 30 days of purchase.',
      }),
    ]);
    startSignedIn('student');
    const { user } = renderApp('/dashboard/purchases');
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchases' })).toBeVisible();
    await screen.findByRole('list', { name: 'Your purchases' });
    expect(
      screen.getByText(
        'You can ask for a refund within 30 days of a purchase while less than 30% of the course is complete.',
      ),
    ).toBeVisible();

    const refunded = purchaseItem('Go for Backends');
    expect(within(refunded).getByText('Refunded')).toBeVisible();
    expect(within(refunded).getByText('₹999.00 was refunded to your card.')).toBeVisible();
    expect(within(refunded).queryByRole('button', { name: /Request a refund/ })).toBeNull();

    const late = purchaseItem('Old Purchase');
    expect(within(late).getByText('Refunds can be requested within 30 days of purchase.')).toBeVisible();
    expect(within(late).queryByRole('button', { name: /Request a refund/ })).toBeNull();

    const react = purchaseItem('Modern React from Scratch');
    expect(within(react).getByText('Paid')).toBeVisible();
    expect(within(react).getByText('₹499.00')).toBeVisible();
    expect(within(react).getByRole('link', { name: 'Modern React from Scratch' }).getAttribute('href')).toBe(
      '/dashboard/course/course-1',
    );
    await user.click(
      within(react).getByRole('button', { name: 'Request a refund for Modern React from Scratch' }),
    );
    await user.type(
      within(react).getByRole('textbox', { name: 'Why would you like a refund?' }),
      'Not what I expected',
    );
    await user.click(within(react).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(api.calls('refunds.request')[0]?.input).toEqual({
        paymentId: 'p-react',
        reason: 'Not what I expected',
      }),
    );
    expect(
      await screen.findByText('Your refund request was sent. You will see the decision here.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(purchaseItem('Modern React from Scratch')).getByText(
          'Refund requested on 15 Mar 2026: waiting for a decision.',
        ),
      ).toBeVisible(),
    );
    expect(
      within(purchaseItem('Modern React from Scratch')).queryByRole('button', { name: /Request a refund/ }),
    ).toBeNull();
    // The waiting request is the reason; it isn't said twice.
    expect(within(purchaseItem('Modern React from Scratch')).queryByText(/open refund request/)).toBeNull();
  });

  it('shows why a request is refused and changes nothing', async () => {
    answerPurchases([buildPurchase({ paymentId: 'p-1', course: { _id: 'c-1', title: 'Rust Basics' } })]);
    startSignedIn('student');
    const { user } = renderApp('/dashboard/purchases');
    await screen.findByRole('list', { name: 'Your purchases' });
    const item = purchaseItem('Rust Basics');
    await user.click(within(item).getByRole('button', { name: /Request a refund/ }));
    // No reason: the contract refuses it, and the form says what is missing beside the field.
    await user.click(within(item).getByRole('button', { name: 'Send request' }));
    const reason = within(item).getByRole('textbox', { name: 'Why would you like a refund?' });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Give a reason for the refund'));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('refunds.request')).toHaveLength(0);

    api.fail(
      'refunds.request',
      'CONFLICT',
      'Refunds can be requested only while less than 30% of the course is complete.',
    );
    await user.type(reason, 'Too hard');
    await user.click(within(item).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(within(item).getByRole('alert').textContent).toBe(
        'Refunds can be requested only while less than 30% of the course is complete.',
      ),
    );
    expect(within(purchaseItem('Rust Basics')).getByText('Paid')).toBeVisible();
  });

  it('downloads a purchase’s receipt with the session, and says so when it can’t', async () => {
    const clicked: HTMLAnchorElement[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const paymentId = '00000000-0000-4000-8000-00000000beef';
    answerPurchases([
      buildPurchase({ paymentId, course: { _id: 'course-1', title: 'Modern React from Scratch' } }),
      buildPurchase({ paymentId: 'p-gone', course: { _id: 'course-2', title: 'Gone Course' } }),
    ]);
    api.answer('purchases.receipt', ({ input }) =>
      input.params.paymentId === paymentId
        ? new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="receipt-2026-03-10-00000000.pdf"',
            },
          })
        : mockError('NOT_FOUND', 'Payment not found'),
    );
    startSignedIn('student');
    const { user } = renderApp('/dashboard/purchases');
    await screen.findByRole('list', { name: 'Your purchases' });
    await user.click(
      within(purchaseItem('Modern React from Scratch')).getByRole('button', {
        name: 'Download receipt for Modern React from Scratch',
      }),
    );
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('receipt-2026-03-10-00000000.pdf');
    const [call] = api.calls('purchases.receipt');
    expect(call?.input).toMatchObject({ params: { paymentId } });
    expect(call?.request.headers.get('authorization')).toBe('Bearer access-1');

    await user.click(
      within(purchaseItem('Gone Course')).getByRole('button', {
        name: 'Download receipt for Gone Course',
      }),
    );
    expect(
      await screen.findByText('The receipt could not be downloaded. Please try again.'),
    ).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
  });

  it('says when there are no purchases yet', async () => {
    api.answer('refunds.mine', buildPurchaseList([]));
    startSignedIn('student');
    renderApp('/dashboard/purchases');
    expect(await screen.findByText('You have not bought any courses yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe(
      '/dashboard/courses',
    );
  });

  it('is in the student sidebar', async () => {
    api.answer('refunds.mine', buildPurchaseList([]));
    startSignedIn('student');
    renderApp('/dashboard/purchases');
    const link = await screen.findByRole('link', { name: 'Purchases' });
    expect(link.getAttribute('href')).toBe('/dashboard/purchases');
  });
});
