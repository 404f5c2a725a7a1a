import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '~/components/LoadingScreen';
import { dashboardGate } from '~/features/auth/route-guards';
import { DashboardLayout } from '~/features/dashboard/DashboardLayout';

/** The signed-in area: one guard for the student, admin and instructor sections (GUARDED_SECTIONS). */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: dashboardGate,
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  component: DashboardLayout,
});
