/** The admin dashboard heading (spec section 2); the cards and charts arrive with the admin-charts issue. */
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import { PLACEHOLDER_TEXT } from './screen-titles';

export function AdminDashboard() {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold sm:text-3xl">{ADMIN_MESSAGES.dashboardTitle}</h1>
      <p className="text-slate-700 dark:text-slate-300">{ADMIN_MESSAGES.dashboardSubtitle}</p>
      <p className="pt-4 text-sm text-slate-600 dark:text-slate-400">{PLACEHOLDER_TEXT.comingSoon}</p>
    </div>
  );
}
