/**
 * The payouts sections (issue 14, item 2): on the instructor's earnings page the payout account's states
 * (none, onboarding, restricted, active), starting the provider's onboarding and leaving for its page,
 * coming back from it (`?onboarding=return|refresh`), and the instructor's payouts; on the admin's revenue
 * screen what each instructor is owed, when a payout can be made, paying, and the recent payouts.
 */

import { PAYOUT_MESSAGES } from '@lectio/contracts/messages';
import {
  buildInstructorEarnings,
  buildOwedInstructor,
  buildPayout,
  buildPlatformRevenue,
} from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '~/features/admin/format';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { leaveFor } from './leave-for';

vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));
vi.mock('./leave-for', () => ({ leaveFor: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });

const EXPLAIN =
  'Your share of each sale is sent to your bank account through Stripe once the sale leaves the refund window. Set up a payout account to receive it.';

function earningsWithAccount(payoutAccount: ReturnType<typeof buildInstructorEarnings>['payoutAccount']) {
  return buildInstructorEarnings({ payoutAccount });
}

async function payoutsSection() {
  return screen.findByRole('region', { name: 'Payouts' });
}

describe('the instructor’s payouts', () => {
  beforeEach(() => {
    startSignedIn('instructor');
    vi.mocked(leaveFor).mockClear();
    api.answer('payouts.list', { payouts: [], nextCursor: null });
  });

  it('explains payouts to an instructor without an account, and leaves for the onboarding link', async () => {
    api.answer('earnings.instructor', earningsWithAccount(null));
    const onboardingUrl = 'https://connect.stripe.com/setup/e/acct_123/abc';
    api.answer('payouts.startOnboarding', { url: onboardingUrl });
    const { user } = renderApp('/dashboard/instructor/earnings');
    const section = await payoutsSection();
    expect(within(section).getByText(EXPLAIN)).toBeVisible();
    expect(within(section).queryByText('Payouts are set up')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(onboardingUrl));
    expect(api.calls('payouts.startOnboarding').map((call) => call.input)).toEqual([{}]);
    expect(leaveFor).toHaveBeenCalledTimes(1);
    // The browser is on its way: the button stays busy.
    expect((within(section).getByRole('button', { name: 'Opening…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // Nothing re-reads the provider unless the page was opened coming back from it.
    expect(api.calls('payouts.account')).toHaveLength(0);
  });

  it('shows why the onboarding could not start', async () => {
    api.answer('earnings.instructor', earningsWithAccount(null));
    api.fail('payouts.startOnboarding', 'FORBIDDEN', PAYOUT_MESSAGES.instructorsOnly);
    const { user } = renderApp('/dashboard/instructor/earnings');
    const section = await payoutsSection();
    await user.click(within(section).getByRole('button', { name: 'Set up payouts' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(PAYOUT_MESSAGES.instructorsOnly);
    expect(leaveFor).not.toHaveBeenCalled();
    expect(within(section).getByRole('button', { name: 'Set up payouts' })).toBeVisible();
  });

  it('offers to finish an account still onboarding', async () => {
    api.answer('earnings.instructor', earningsWithAccount({ status: 'onboarding', payoutsEnabled: false }));
    api.answer('payouts.startOnboarding', { url: 'https://connect.stripe.com/setup/e/acct_123/def' });
    const { user } = renderApp('/dashboard/instructor/earnings');
    const section = await payoutsSection();
    expect(
      within(section).getByText(
        'You started setting up payouts; Stripe still needs a few details before it can send you money.',
      ),
    ).toBeVisible();
    expect(within(section).queryByText(EXPLAIN)).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Finish setting up payouts' }));
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_123/def'),
    );
    expect(api.calls('payouts.startOnboarding').map((call) => call.input)).toEqual([{}]);
  });

  it('offers to finish a restricted account', async () => {
    api.answer('earnings.instructor', earningsWithAccount({ status: 'restricted', payoutsEnabled: false }));
    renderApp('/dashboard/instructor/earnings');
    const section = await payoutsSection();
    expect(
      within(section).getByText(
        'Stripe needs more information before it can send you money. Finish setting up to receive payouts.',
      ),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Finish setting up payouts' })).toBeVisible();
    expect(within(section).queryByText('Payouts are set up')).toBeNull();
  });

  it('says an active account is set up, with no setup button', async () => {
    api.answer('earnings.instructor', earningsWithAccount({ status: 'active', payoutsEnabled: true }));
    renderApp('/dashboard/instructor/earnings');
    const section = await payoutsSection();
    expect(within(section).getByText('Payouts are set up')).toBeVisible();
    expect(within(section).queryByRole('button', { name: /set(ting)? up payouts/i })).toBeNull();
  });

  it('reads the account again from the provider when coming back from the onboarding', async () => {
    // The earnings' summary was read before the provider finished; the provider now says it is ready.
    api.answer('earnings.instructor', earningsWithAccount(null));
    api.answer('payouts.account', { account: { status: 'active', payoutsEnabled: true, provider: 'test' } });
    renderApp('/dashboard/instructor/earnings?onboarding=return');
    const section = await payoutsSection();
    expect(await within(section).findByText('Payouts are set up')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Set up payouts' })).toBeNull();
    expect(api.calls('payouts.account')).toHaveLength(1);
  });

  it('says the link expired and offers it again when the onboarding asks for a new one', async () => {
    api.answer('earnings.instructor', earningsWithAccount({ status: 'onboarding', payoutsEnabled: false }));
    api.answer('payouts.account', {
      account: { status: 'onboarding', payoutsEnabled: false, provider: 'stripe' },
    });
    api.answer('payouts.startOnboarding', { url: 'https://connect.stripe.com/setup/e/acct_123/new' });
    const { user } = renderApp('/dashboard/instructor/earnings?onboarding=refresh');
    const section = await payoutsSection();
    expect(
      await within(section).findByText('The setup link expired. Open a new one to carry on.'),
    ).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Finish setting up payouts' }));
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_123/new'),
    );
  });

  it('ignores an unknown onboarding value', async () => {
    api.answer('earnings.instructor', earningsWithAccount(null));
    renderApp('/dashboard/instructor/earnings?onboarding=elsewhere');
    const section = await payoutsSection();
    expect(within(section).getByRole('button', { name: 'Set up payouts' })).toBeVisible();
    expect(api.calls('payouts.account')).toHaveLength(0);
  });

  it('lists the instructor’s payouts with their status, what was reversed and why one failed', async () => {
    api.answer('earnings.instructor', earningsWithAccount({ status: 'active', payoutsEnabled: true }));
    const paid = buildPayout({ amount: 9280, transferId: 'tr_paid_1' });
    const partly = buildPayout({ amount: 5000, reversed: 799.2, transferId: 'tr_partly_2' });
    const reversed = buildPayout({
      amount: 1000,
      reversed: 1000,
      status: 'reversed',
      transferId: 'tr_rev_3',
    });
    const pending = buildPayout({ amount: 2500, status: 'pending', transferId: null, paidAt: null });
    const failed = buildPayout({
      amount: 700,
      status: 'failed',
      transferId: null,
      paidAt: null,
      failureReason: 'Your card was declined',
    });
    api.answer('payouts.list', { payouts: [paid, partly, reversed, pending, failed], nextCursor: null });
    renderApp('/dashboard/instructor/earnings');
    const section = await payoutsSection();
    const table = await within(section).findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DateAmountStatusTransfer',
      `${formatDateTime(paid.createdAt)}₹9,280.00Paidtr_paid_1`,
      `${formatDateTime(partly.createdAt)}₹5,000.00Paid₹799.20 reversedtr_partly_2`,
      `${formatDateTime(reversed.createdAt)}₹1,000.00Reversed₹1,000.00 reversedtr_rev_3`,
      `${formatDateTime(pending.createdAt)}₹2,500.00PendingNone`,
      `${formatDateTime(failed.createdAt)}₹700.00FailedYour card was declinedNone`,
    ]);
    expect(api.calls('payouts.list')[0]?.input).toEqual({ limit: 20 });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there are no payouts yet', async () => {
    api.answer('earnings.instructor', earningsWithAccount(null));
    api.answer('payouts.list', { payouts: [], nextCursor: null });
    renderApp('/dashboard/instructor/earnings');
    const section = await payoutsSection();
    expect(await within(section).findByText('No payouts yet')).toBeVisible();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says when the payouts could not be loaded, with the server’s reason, and tries again', async () => {
    api.answer('earnings.instructor', earningsWithAccount({ status: 'active', payoutsEnabled: true }));
    const payout = buildPayout({ amount: 100, transferId: 'tr_after_retry' });
    api.fail('payouts.list', 'FORBIDDEN', 'Payouts are closed for maintenance');
    const { user } = renderApp('/dashboard/instructor/earnings');
    const section = await payoutsSection();
    const alert = await within(section).findByRole('alert');
    expect(within(alert).getByText('Payouts could not be loaded.')).toBeVisible();
    expect(within(alert).getByText('Payouts are closed for maintenance')).toBeVisible();
    expect(within(section).queryByRole('table')).toBeNull();

    api.answer('payouts.list', { payouts: [payout], nextCursor: null });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('tr_after_retry', { selector: 'td *' })).toBeVisible();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('loads more payouts with the next cursor', async () => {
    api.answer('earnings.instructor', earningsWithAccount({ status: 'active', payoutsEnabled: true }));
    const first = buildPayout({ amount: 100, transferId: 'tr_first' });
    const second = buildPayout({ amount: 200, transferId: 'tr_second' });
    api.answer('payouts.list', ({ input }) =>
      input.cursor === 'page-2'
        ? { payouts: [second], nextCursor: null }
        : { payouts: [first], nextCursor: 'page-2' },
    );
    const { user } = renderApp('/dashboard/instructor/earnings');
    const section = await payoutsSection();
    const table = await within(section).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await user.click(within(section).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('tr_second')).toBeVisible();
    expect(api.calls('payouts.list').map((call) => call.input.cursor)).toEqual([undefined, 'page-2']);
    expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('the admin’s payouts', () => {
  beforeEach(() => {
    startSignedIn('admin');
    api.answer('earnings.platform', buildPlatformRevenue());
    api.answer('payouts.owed', { instructors: [buildOwedInstructor()], total: 1 });
    api.answer('payouts.list', { payouts: [], nextCursor: null });
  });

  it('offers a payout to an instructor with something available and a payout account (the server re-reads it)', async () => {
    const ready = buildOwedInstructor({ name: 'Asha Rao', available: 9280 });
    const nothing = buildOwedInstructor({ name: 'Ben Iyer', available: 0, pending: 1200, balance: 1200 });
    const none = buildOwedInstructor({ name: 'Chitra Nair', available: 500, account: null });
    const onboarding = buildOwedInstructor({
      name: 'Dev Menon',
      available: 500,
      account: { status: 'onboarding', payoutsEnabled: false, provider: 'stripe' },
    });
    const restricted = buildOwedInstructor({
      name: 'Esha Kapoor',
      available: 500,
      account: { status: 'restricted', payoutsEnabled: false, provider: 'stripe' },
    });
    const paused = buildOwedInstructor({
      name: 'Farah Khan',
      available: 500,
      account: { status: 'active', payoutsEnabled: false, provider: 'stripe' },
    });
    api.answer('payouts.owed', {
      instructors: [ready, nothing, none, onboarding, restricted, paused],
      total: 6,
    });
    renderApp('/dashboard/admin/revenue');
    const section = await screen.findByRole('region', { name: 'Payouts owed' });
    const button = (name: string) => within(section).getByRole('button', { name }) as HTMLButtonElement;
    await within(section).findByRole('list', { name: 'Instructors owed' });

    expect(button('Pay ₹9,280.00 to Asha Rao').disabled).toBe(false);
    expect(button('Pay ₹9,280.00 to Asha Rao').textContent).toBe('Pay ₹9,280.00');
    expect(button('Pay ₹0.00 to Ben Iyer').disabled).toBe(true);
    expect(button('Pay ₹500.00 to Chitra Nair').disabled).toBe(true);
    // A disabled button says why, tied to it.
    const why = (name: string) =>
      document.getElementById(button(name).getAttribute('aria-describedby') ?? '')?.textContent;
    expect(why('Pay ₹500.00 to Chitra Nair')).toBe(
      'Can’t be paid yet: the instructor hasn’t set up payouts.',
    );
    expect(why('Pay ₹0.00 to Ben Iyer')).toBe(
      'Nothing to pay yet: recent sales stay pending until the refund window ends.',
    );
    expect(button('Pay ₹9,280.00 to Asha Rao').hasAttribute('aria-describedby')).toBe(false);
    // Not ready when last read: the instructor may have finished at the provider since; the server decides.
    expect(button('Pay ₹500.00 to Dev Menon').disabled).toBe(false);
    expect(button('Pay ₹500.00 to Esha Kapoor').disabled).toBe(false);
    expect(button('Pay ₹500.00 to Farah Khan').disabled).toBe(false);

    const items = within(section).getAllByRole('listitem');
    const figures = (item: HTMLElement) =>
      within(item)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(figures(items[0] as HTMLElement)).toEqual([
      'Balance: ₹12,480.00',
      'Pending: ₹3,200.00',
      'Available: ₹9,280.00',
      'Paid so far: ₹40,000.00',
      'Payout account: Active',
    ]);
    expect(within(items[0] as HTMLElement).getByText(ready.email)).toBeVisible();
    expect(figures(items[2] as HTMLElement).at(-1)).toBe('Payout account: Not set up');
    expect(figures(items[3] as HTMLElement).at(-1)).toBe('Payout account: Setting up');
    expect(figures(items[4] as HTMLElement).at(-1)).toBe('Payout account: Restricted');
  });

  it('pays an instructor, says so and refetches what is owed, the payouts and the figures', async () => {
    const owed = buildOwedInstructor({ name: 'Asha Rao', available: 9280 });
    api.answer('payouts.owed', { instructors: [owed], total: 1 });
    api.answer('payouts.pay', ({ input }) => ({
      message: PAYOUT_MESSAGES.paid('₹9,280.00'),
      payout: buildPayout({ instructorId: input.instructorId, amount: 9280 }),
    }));
    const { user } = renderApp('/dashboard/admin/revenue');
    const section = await screen.findByRole('region', { name: 'Payouts owed' });
    await user.click(await within(section).findByRole('button', { name: 'Pay ₹9,280.00 to Asha Rao' }));
    expect(await screen.findByText('Paid out ₹9,280.00.')).toBeInTheDocument();
    expect(api.calls('payouts.pay').map((call) => call.input)).toEqual([{ instructorId: owed.instructorId }]);
    await waitFor(() => {
      expect(api.calls('payouts.owed').length).toBeGreaterThan(1);
      expect(api.calls('payouts.list').length).toBeGreaterThan(1);
      expect(api.calls('earnings.platform').length).toBeGreaterThan(1);
    });
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('shows the server’s reason when a payout is refused', async () => {
    const owed = buildOwedInstructor({ name: 'Asha Rao', available: 9280 });
    api.answer('payouts.owed', { instructors: [owed], total: 1 });
    api.fail('payouts.pay', 'CONFLICT', PAYOUT_MESSAGES.nothingToPay);
    const { user } = renderApp('/dashboard/admin/revenue');
    const section = await screen.findByRole('region', { name: 'Payouts owed' });
    await user.click(await within(section).findByRole('button', { name: 'Pay ₹9,280.00 to Asha Rao' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(PAYOUT_MESSAGES.nothingToPay);
  });

  it('lists the recent payouts of every instructor', async () => {
    const asha = buildPayout({ instructorName: 'Asha Rao', amount: 9280 });
    const ben = buildPayout({
      instructorName: 'Ben Iyer',
      amount: 1500,
      status: 'failed',
      transferId: null,
      failureReason: 'No such destination',
    });
    api.answer('payouts.list', { payouts: [asha, ben], nextCursor: null });
    renderApp('/dashboard/admin/revenue');
    const section = await screen.findByRole('region', { name: 'Recent payouts' });
    const table = await within(section).findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'InstructorDateAmountStatus',
      `Asha Rao${formatDateTime(asha.createdAt)}₹9,280.00Paid`,
      `Ben Iyer${formatDateTime(ben.createdAt)}₹1,500.00FailedNo such destination`,
    ]);
    expect(api.calls('payouts.list')[0]?.input).toEqual({ limit: 20 });
  });

  it('says when no instructor is owed anything', async () => {
    api.answer('payouts.owed', { instructors: [], total: 0 });
    api.answer('payouts.list', { payouts: [], nextCursor: null });
    renderApp('/dashboard/admin/revenue');
    const owed = await screen.findByRole('region', { name: 'Payouts owed' });
    expect(await within(owed).findByText('No instructor has a balance or payouts yet.')).toBeVisible();
    const recent = screen.getByRole('region', { name: 'Recent payouts' });
    expect(await within(recent).findByText('No payouts yet')).toBeVisible();
  });
});
