/**
 * Auth page wording the spec leaves to the implementation (headings, link texts, button names the e2e
 * tests use). Strings the spec fixes come from @lectio/contracts/messages instead.
 */
export const AUTH_TEXT = {
  signInTitle: 'Sign in to your account',
  signUpTitle: 'Create your account',
  signInButton: 'Sign In',
  signUpButton: 'Sign Up',
  noAccount: "Don't have an account?",
  signUpLink: 'Sign up',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign in',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm Password',
  nameLabel: 'Name',
} as const;
