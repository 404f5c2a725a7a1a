/**
 * User management (spec sections 2 and 4): student and instructor totals, the sign-ups chart and the
 * recently registered users with role editing and suspend/activate. Every change asks window.confirm
 * first and happens only when confirmed; afterwards the users overview is refetched. A failed update
 * shows the server's message in an error toast (the spec leaves failure handling open).
 */
import type { UserOverview } from '@lectio/contracts/admin';
import { CHART } from '@lectio/contracts/constants';
import { ADMIN_MESSAGES, CONFIRMATIONS } from '@lectio/contracts/messages';
import { ROLES, type Role } from '@lectio/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { QueryState } from '~/components/QueryState';
import { Badge } from '~/components/ui/Badge';
import { PanelSection } from '~/components/ui/PanelSection';
import { ScreenHeader } from '~/components/ui/ScreenHeader';
import { StatGrid } from '~/components/ui/StatGrid';
import { errorMessage } from '~/lib/api-errors';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { SCREEN_TITLES } from '../dashboard/screen-titles';
import { type UserUpdate, usersOverviewQuery } from './admin-queries';
import { ADMIN_TEXT } from './admin-text';
import { Chart } from './charts/Chart';
import { formatCount } from './format';
import { RoleBadge } from './RoleBadge';
import { UserAvatar } from './UserAvatar';

type RecentUser = UserOverview['recentUsers'][number];

const smallButtonClassName =
  'inline-flex items-center justify-center rounded-md border px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';

function PencilIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M13.6 2.6a2 2 0 0 1 2.8 0l1 1a2 2 0 0 1 0 2.8l-9.7 9.7a1 1 0 0 1-.5.3l-3.9 1a.6.6 0 0 1-.7-.7l1-3.9a1 1 0 0 1 .3-.5l9.7-9.7Z" />
    </svg>
  );
}

function UserRow({
  user,
  isSelf,
  busy,
  onUpdate,
}: {
  user: RecentUser;
  isSelf: boolean;
  busy: boolean;
  onUpdate: (user: RecentUser, update: UserUpdate) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const selectId = `role-${user._id}`;

  useEffect(() => {
    if (editing) selectRef.current?.focus();
  }, [editing]);

  async function changeRole(role: Role) {
    if (role === user.role) return;
    if (!window.confirm(CONFIRMATIONS.changeRole(role))) {
      // Declined: nothing changes; the select goes back to the current role and stays open.
      if (selectRef.current) selectRef.current.value = user.role;
      return;
    }
    setEditing(false);
    await onUpdate(user, { role });
  }

  function toggleActive() {
    const message = user.isActive ? CONFIRMATIONS.suspendUser : CONFIRMATIONS.activateUser;
    if (!window.confirm(message)) return;
    void onUpdate(user, { isActive: !user.isActive });
  }

  const disabled = busy || isSelf;

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" aria-busy={busy || undefined}>
      <UserAvatar name={user.name} src={user.avatar} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{user.name}</p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
      </div>
      <div className="flex items-center gap-2">
        {editing ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              {ADMIN_TEXT.roleOf(user.name)}
            </label>
            <select
              ref={selectRef}
              id={selectId}
              defaultValue={user.role}
              disabled={busy}
              onChange={(event) => void changeRole(event.target.value as Role)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false);
              }}
              className="rounded-md border border-slate-500 bg-white px-2 py-1 text-sm dark:bg-slate-900"
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          </>
        ) : (
          <RoleBadge role={user.role} />
        )}
        {user.isActive ? null : <Badge tone="red">{ADMIN_TEXT.suspended}</Badge>}
        <button
          type="button"
          aria-label={ADMIN_TEXT.editRole(user.name)}
          aria-pressed={editing}
          title={isSelf ? ADMIN_TEXT.ownAccount : ADMIN_TEXT.editRole(user.name)}
          disabled={disabled}
          onClick={() => setEditing((open) => !open)}
          className={`${smallButtonClassName} border-slate-300 px-2 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800`}
        >
          <PencilIcon />
        </button>
        <button
          type="button"
          disabled={disabled}
          // The visible word first, then whose account (label in name, unique per row).
          aria-label={`${user.isActive ? ADMIN_TEXT.suspend : ADMIN_TEXT.activate} ${user.name}`}
          title={isSelf ? ADMIN_TEXT.ownAccount : undefined}
          onClick={toggleActive}
          className={`${smallButtonClassName} w-24 ${
            user.isActive
              ? 'border-red-300 text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950'
              : 'border-emerald-300 text-emerald-800 hover:bg-emerald-50 dark:border-emerald-800 dark:text-emerald-300 dark:hover:bg-emerald-950'
          }`}
        >
          {user.isActive ? ADMIN_TEXT.suspend : ADMIN_TEXT.activate}
        </button>
      </div>
    </li>
  );
}

export function UserManagement() {
  const queryClient = useQueryClient();
  const currentUserId = useSession().user?._id;
  const overview = useQuery(usersOverviewQuery);
  const { data } = overview;
  const mutation = useMutation(
    trpc.admin.updateUser.mutationOptions({
      onSuccess: (result) => {
        // Show the new role or state at once; the refetch below brings the rest of the overview.
        queryClient.setQueryData(trpc.admin.usersOverview.queryKey(), (current: UserOverview | undefined) =>
          current
            ? {
                ...current,
                recentUsers: current.recentUsers.map((entry) =>
                  entry._id === result.user._id
                    ? { ...entry, role: result.user.role, isActive: result.user.isActive }
                    : entry,
                ),
              }
            : current,
        );
        toast.success(result.message || ADMIN_MESSAGES.userUpdated);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
      },
      onSettled: async () => {
        // A role change or a suspension also changes the instructors offered on the create-course form.
        await Promise.all([
          queryClient.invalidateQueries(trpc.admin.usersOverview.queryFilter()),
          queryClient.invalidateQueries(trpc.admin.instructors.queryFilter()),
        ]);
      },
    }),
  );

  if (!data) {
    return (
      <div className="space-y-6">
        <ScreenHeader title={SCREEN_TITLES.userManagement} />
        <QueryState
          query={overview}
          loading={ADMIN_MESSAGES.usersLoading}
          failed={ADMIN_MESSAGES.usersLoadFailed}
          retry={ADMIN_TEXT.retry}
        />
      </div>
    );
  }

  const busyUserId = mutation.isPending ? mutation.variables?.id : undefined;

  return (
    <div className="space-y-6">
      <ScreenHeader title={SCREEN_TITLES.userManagement} />
      <StatGrid
        columns={2}
        figures={[
          { label: ADMIN_TEXT.totalStudents, value: formatCount(data.totalStudents) },
          { label: ADMIN_TEXT.totalInstructors, value: formatCount(data.totalInstructors) },
        ]}
      />
      <Chart
        title={ADMIN_TEXT.newSignupsChart}
        kind="bar"
        rows={data.newSignups}
        category={(row) => row._id}
        value={(row) => row.count}
        categoryLabel={ADMIN_TEXT.day}
        valueLabel={ADMIN_TEXT.signups}
        integer
        height={CHART.heightPx}
      />
      <PanelSection title={ADMIN_TEXT.recentUsers} className="space-y-2">
        {data.recentUsers.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{ADMIN_TEXT.noUsers}</p>
        ) : (
          <ul aria-label={ADMIN_TEXT.recentUsers} className="divide-y divide-slate-200 dark:divide-slate-700">
            {data.recentUsers.map((user) => (
              <UserRow
                key={user._id}
                user={user}
                isSelf={user._id === currentUserId}
                busy={busyUserId === user._id}
                onUpdate={(target, update) =>
                  mutation.mutateAsync({ id: target._id, ...update }).catch(() => {})
                }
              />
            ))}
          </ul>
        )}
      </PanelSection>
    </div>
  );
}
