/**
 * The in-memory auth session (spec sections 3 and 4): role, access token and user, always set together
 * from a `{ role, accessToken, userData }` payload. The token lives only here, never in web storage; the
 * refresh cookie (httpOnly) is what survives a reload. Components read it with `useSession()`.
 */
import type { AuthSession } from '@lectio/contracts/auth';
import type { PublicUser } from '@lectio/contracts/user';
import { useSyncExternalStore } from 'react';

export type Role = PublicUser['role'];

/** Why the user was signed out, so the dashboard can tell a sign-out from an expired session. */
export type SignOutReason = 'logout' | 'expired';

export interface SessionState {
  role: Role | null;
  token: string | null;
  user: PublicUser | null;
  /** 'checking' until the start-up refresh has settled, then 'ready'. */
  status: 'checking' | 'ready';
  /** Set when the session was cleared; null while signed in or never signed in. */
  signedOutBy: SignOutReason | null;
}

export interface SessionPayload {
  role: Role;
  accessToken: string;
  userData: PublicUser;
}

/**
 * Everything the browser knows about its session, in one object: the state screens read, who listens,
 * the start-up gate, and the two in-flight promises that must be shared (the one refresh, lib/api.ts; the
 * one start-up check, lib/auth.ts). The app runs on one; a test installs a fresh one (`installSession`)
 * instead of resetting fields one by one, so state added here can't outlive a test.
 */
export class Session {
  state: SessionState = { role: null, token: null, user: null, status: 'checking', signedOutBy: null };
  readonly listeners = new Set<() => void>();
  /** The shared token refresh in flight (lib/api.ts), if any. */
  refreshInFlight: Promise<AuthSession | null> | null = null;
  /** The start-up session check (lib/auth.ts), once started. */
  startupCheck: Promise<void> | null = null;
  resolveChecked: () => void = () => {};
  readonly checked: Promise<void> = new Promise((resolve) => {
    this.resolveChecked = resolve;
  });

  update(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

let active = new Session();

/** Makes `session` the one every module reads from now on (the app's start state is a `new Session()`). */
export function installSession(session: Session): void {
  active = session;
}

/** The session object itself, for the modules that keep its in-flight promises (api.ts, auth.ts). */
export function currentSession(): Session {
  return active;
}

export function getSession(): SessionState {
  return active.state;
}

export function subscribeSession(listener: () => void): () => void {
  const { listeners } = active;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession({ role, accessToken, userData }: SessionPayload): void {
  active.update({ ...active.state, role, token: accessToken, user: userData, signedOutBy: null });
}

/**
 * Replaces the signed-in user's data (after a profile change), keeping the token and role: the top bar,
 * the user menu and every screen reading the session show the new name or avatar at once. Ignored when
 * nobody is signed in or the answer is about another user.
 */
export function updateSessionUser(user: PublicUser): void {
  if (active.state.user?._id !== user._id) return;
  active.update({ ...active.state, user });
}

/** Clears user and token. The role is deliberately kept (spec section 4: "The role is not cleared"). */
export function clearSession(reason: SignOutReason): void {
  active.update({ ...active.state, token: null, user: null, signedOutBy: reason });
}

/** Marks the start-up session check as finished (whatever its outcome). */
export function markSessionChecked(): void {
  if (active.state.status !== 'ready') active.update({ ...active.state, status: 'ready' });
  active.resolveChecked();
}

/** Resolves once the start-up session check has finished. */
export function whenSessionChecked(): Promise<void> {
  return active.checked;
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** What the router context carries: read access plus the start-up gate. */
export const sessionStore = {
  get: getSession,
  subscribe: subscribeSession,
  whenChecked: whenSessionChecked,
};
export type SessionStore = typeof sessionStore;
