/**
 * Every text of the "Become an instructor" page and the admin's applications screen (issue 15, item 5).
 * The server's own answers (the rules' messages, the toasts) are TEACHING_MESSAGES in the contracts.
 */
import type { ApplicationStatus } from '@lectio/contracts/teaching-applications';

export const APPLICATION_STATUS_LABEL: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

export const TEACH_TEXT = {
  title: 'Become an instructor',
  intro:
    'Teach what you know on Lectio. Tell us what you would teach and what makes you the right person to teach it; an admin reads every application and answers here and in your notifications.',
  loading: 'Loading your application…',
  loadFailed: 'Your application could not be loaded.',
  retry: 'Try again',
  formTitle: 'Your application',
  topicLabel: 'What would you teach?',
  topicHint: 'A topic or a course idea, 3 to 120 characters. For example: Rust for web developers.',
  experienceLabel: 'Your experience',
  experienceHint:
    'Your experience with the topic and with teaching or explaining it, 20 to 2,000 characters.',
  experienceCount: (length: number, max: number) =>
    `${length.toLocaleString('en')} / ${max.toLocaleString('en')}`,
  sampleUrlLabel: 'Sample link (optional)',
  sampleUrlHint: 'A video, talk, course or post of yours, starting with https://',
  submit: 'Send application',
  submitting: 'Sending…',
  cancel: 'Cancel',
  pendingTitle: 'Your application is waiting for a decision',
  pendingText: (day: string) =>
    `You applied on ${day}. An admin will review it soon; you will get a notification with the answer.`,
  yourTopic: 'Topic',
  yourSample: 'Sample',
  declinedTitle: 'Your application was declined',
  declinedOn: (day: string) => `Decided on ${day}.`,
  declinedNote: 'Note from the admin',
  applyAgainText: 'You can improve your application and apply again.',
  applyAgain: 'Apply again',
  approvedTitle: 'You are an instructor now',
  approvedText:
    'Your application was approved. Create your first course and follow your students from your instructor dashboard.',
  goToInstructor: 'Go to your instructor dashboard',
  updatingAccess: 'Updating your access…',
  notStudent: 'Only a student account can apply to teach.',
} as const;

export const ADMIN_TEACHING_TEXT = {
  title: 'Teaching applications',
  intro:
    'Students who would like to teach. Approving one makes the student an instructor at once; declining tells them your note. Either way they are notified.',
  filterLabel: 'Show',
  allStates: 'All applications',
  listLabel: 'Applications to teach',
  loading: 'Loading applications…',
  loadFailed: 'The applications could not be loaded.',
  retry: 'Try again',
  empty: {
    pending: 'No application is waiting for a decision.',
    approved: 'No application has been approved yet.',
    declined: 'No application has been declined.',
    all: 'No one has applied to teach yet.',
  },
  showMore: 'Load more',
  loadingMore: 'Loading…',
  appliedOn: (day: string) => `Applied ${day}`,
  topic: 'Topic',
  experience: 'Experience',
  sample: 'Sample',
  noSample: 'No sample link given.',
  opensInNewTab: '(opens in a new tab)',
  decidedBy: (day: string, who: string | null) => (who ? `Decided ${day} by ${who}` : `Decided ${day}`),
  note: 'Note',
  accountSuspended: 'Account suspended',
  nowRole: (role: string) => `Now ${role === 'admin' ? 'an' : 'a'} ${role.replaceAll('_', ' ')}`,
  approve: 'Approve',
  decline: 'Decline',
  approveFor: (name: string) => `Approve ${name}`,
  declineFor: (name: string) => `Decline ${name}`,
  confirmApproveTitle: (name: string) => `Approve ${name} as an instructor?`,
  confirmApproveText: 'They can create and sell courses from their next page load.',
  confirmDeclineTitle: (name: string) => `Decline ${name}’s application?`,
  confirmDeclineText: 'They will be notified with your note, and can apply again.',
  noteLabel: 'Note to the applicant (optional)',
  confirmApprove: 'Confirm approval',
  confirmDecline: 'Confirm decline',
  deciding: 'Saving…',
  cancel: 'Cancel',
} as const;
