import { ONBOARDING_RETURN } from '@lectio/contracts/route-search';
import { createFileRoute } from '@tanstack/react-router';
import { InstructorEarnings } from '~/features/earnings/InstructorEarnings';
import type { OnboardingReturn } from '~/features/earnings/InstructorPayouts';

/** Earnings (features/earnings); `?onboarding=return|refresh` is the payment provider's onboarding coming back. */
export const Route = createFileRoute('/dashboard/instructor/earnings')({
  // The key is always set (undefined for anything else): the parent routes pass the raw search through.
  validateSearch: (search: Record<string, unknown>): { onboarding?: OnboardingReturn } => ({
    onboarding: ONBOARDING_RETURN.find((value) => value === search.onboarding),
  }),
  component: InstructorEarningsRoute,
});

function InstructorEarningsRoute() {
  const { onboarding } = Route.useSearch();
  return <InstructorEarnings onboarding={onboarding} />;
}
