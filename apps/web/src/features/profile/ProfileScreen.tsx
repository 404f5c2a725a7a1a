/**
 * {base}/profile, for every role (decision 0038): name and photo, password, signing out everywhere and
 * deleting the account. Reached from the user menu's Profile Settings and Account Settings.
 */
import { useSession } from '~/lib/session';
import { AccountActions } from './AccountActions';
import { PasswordForm } from './PasswordForm';
import { ProfileDetails } from './ProfileDetails';
import { PROFILE_TEXT } from './profile-text';

export function ProfileScreen() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{PROFILE_TEXT.title}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{PROFILE_TEXT.subtitle}</p>
      </header>
      <ProfileDetails user={user} />
      <PasswordForm />
      <AccountActions />
    </div>
  );
}
