/**
 * Leaves the app for a page outside it (the payment provider's payout onboarding) in this tab. A module of
 * its own so that tests can replace it: jsdom's `window.location.assign` can't be stubbed or followed.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
