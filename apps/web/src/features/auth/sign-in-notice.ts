/**
 * What sign-up hands the sign-in form in navigation state when the account was created but the automatic
 * sign-in after it failed (throttled, server gone): the message to show under the form and the e-mail to
 * fill in. History state, not the URL: it is a one-off notice, and an e-mail address has no place in a
 * shareable link or the server's logs.
 */
declare module '@tanstack/react-router' {
  interface HistoryState {
    signInNotice?: string;
    signInEmail?: string;
  }
}

export {};
