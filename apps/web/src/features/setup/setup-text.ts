/**
 * Setup page wording (the spec has no such page). Server-side strings (token and result messages) come
 * from SETUP_MESSAGES in @lectio/contracts/messages.
 */
export const SETUP_TEXT = {
  title: 'Set up Lectio',
  intro:
    'This server has no admin account yet. Create the first one: it manages the users, courses and payments.',
  tokenLabel: 'Setup token',
  tokenHint:
    'The server prints it in its log at start-up. No access to the log? Run pnpm admin:create on the server.',
  submit: 'Create admin account',
  completeTitle: 'Setup is complete',
  completeText: 'This server already has an admin account. Sign in to manage it.',
  signInLink: 'Go to sign in',
  retry: 'Try again',
} as const;
