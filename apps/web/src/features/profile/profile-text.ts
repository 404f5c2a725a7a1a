/** Wording of the profile page ({base}/profile; decision 0038). Server messages are in contracts/messages. */
export const PROFILE_TEXT = {
  title: 'Profile Settings',
  subtitle: 'Your name and photo, your password, and your account.',
  // Name and photo
  detailsHeading: 'Profile',
  photoLabel: 'Profile photo',
  changePhoto: 'Change photo',
  removePhoto: 'Remove photo',
  photoHint: 'JPEG, PNG, WebP or GIF.',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  photoUpdated: 'Profile photo updated',
  photoRemoved: 'Profile photo removed',
  notAnImage: 'Choose an image file (JPEG, PNG, WebP or GIF)',
  emailLabel: 'Email',
  emailHint: 'Your e-mail address signs you in; it can’t be changed here.',
  saveName: 'Save name',
  // Password
  passwordHeading: 'Change password',
  passwordIntro: 'Your other devices are signed out when the password changes; this one stays signed in.',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmNewPasswordLabel: 'Confirm new password',
  changePasswordButton: 'Change password',
  // The account panels: each asks for the password; deleting also asks to type DELETE.
  sessions: {
    heading: 'Sign out everywhere',
    intro: 'Ends your session on every device, this one included. You will need to sign in again.',
    passwordLabel: 'Password to sign out everywhere',
    button: 'Sign out everywhere',
  },
  deletion: {
    heading: 'Delete account',
    intro:
      'Your name, e-mail address and photo are removed, and so are your enrolments, progress, reviews and certificates. Payment records are kept, anonymised, for the accounts. This cannot be undone.',
    passwordLabel: 'Password to delete your account',
    button: 'Delete my account',
    confirm: {
      word: 'DELETE',
      label: 'Type DELETE to confirm',
      mismatch: 'Type DELETE exactly to confirm',
    },
  },
} as const;
