/**
 * The in-memory auth session (spec sections 3 and 4): role, access token and user, always set together
 * from a `{ role, accessToken, userData }` payload. The token lives only here, never in web storage; the
 * refresh cookie (httpOnly) is what survives a reload. Components read it with `useSession()`.
 */
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

const initialState: SessionState = {
  role: null,
  token: null,
  user: null,
  status: 'checking',
  signedOutBy: null,
};

let state: SessionState = initialState;
const listeners = new Set<() => void>();
let resolveChecked: () => void = () => {};
let checked: Promise<void> = new Promise((resolve) => {
  resolveChecked = resolve;
});

function update(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession({ role, accessToken, userData }: SessionPayload): void {
  update({ ...state, role, token: accessToken, user: userData, signedOutBy: null });
}

/**
 * Replaces the signed-in user's data (after a profile change), keeping the token and role: the top bar,
 * the user menu and every screen reading the session show the new name or avatar at once. Ignored when
 * nobody is signed in or the answer is about another user.
 */
export function updateSessionUser(user: PublicUser): void {
  if (state.user?._id !== user._id) return;
  update({ ...state, user });
}

/** Clears user and token. The role is deliberately kept (spec section 4: "The role is not cleared"). */
export function clearSession(reason: SignOutReason): void {
  update({ ...state, token: null, user: null, signedOutBy: reason });
}

/** Marks the start-up session check as finished (whatever its outcome). */
export function markSessionChecked(): void {
  if (state.status !== 'ready') update({ ...state, status: 'ready' });
  resolveChecked();
}

/** Resolves once the start-up session check has finished. */
export function whenSessionChecked(): Promise<void> {
  return checked;
}

/** Back to the anonymous, unchecked start state (tests). */
export function resetSessionForTests(): void {
  state = initialState;
  checked = new Promise((resolve) => {
    resolveChecked = resolve;
  });
  for (const listener of listeners) listener();
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
