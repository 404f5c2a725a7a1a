/**
 * The texts every page may need (spec sections 2, 4 and 5): signing in, a request's failure, the page
 * states and the course cards. Apart from messages.ts, which re-exports them, so that the landing page
 * loads this small module and not every screen's texts (e2e/tests/budget.spec.ts).
 */

export const AUTH_MESSAGES = {
  welcomeBack: (name: string) => `Welcome back, ${name}!`,
  accountCreated: 'Account created successfully!',
  loggedOut: 'Logged out',
  /** Sign-up succeeded but the automatic sign-in that follows it did not (shown on the sign-in form). */
  signInAfterSignUpFailed: (reason: string) =>
    `Your account was created, but we could not sign you in: ${reason}`,
  /**
   * Sign-up answered as for a new account, but its credentials don't sign in: the address had an account
   * already (its owner was e-mailed; decision 0048), or a race. Shown on the sign-in form.
   */
  signUpCheckEmail:
    'Check your e-mail. If this address already had an account, sign in with its password, or reset it from the link we sent.',
  noServerResponse: 'No server response',
  emailAlreadyRegistered: 'Email already registered',
  invalidCredentials: 'Invalid email or password',
  accountSuspended: 'Your account has been suspended. Please contact support.',
  tooManyLoginAttempts: 'Too many login attempts. Please try again later.',
  notSignedIn: 'You must be signed in to do that',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do that',
  crossSiteRefused: 'Cross-site request refused',
} as const;

/** "Can't find..." server messages are shown as 'No server response' (spec section 5). */
export function displayServerMessage(message: string): string {
  return message.startsWith("Can't find") ? AUTH_MESSAGES.noServerResponse : message;
}

export const PAGE_TEXT = {
  loading: 'Loading...',
  unauthorizedTitle: 'Unauthorized',
  unauthorizedText: 'You do not have permission to access this page.',
  goToBack: 'Go to Back',
  notFoundTitle: 'Page not found',
  notFoundText:
    'Error 404: there is no page at this address. It may have moved, or the address may be mistyped.',
  notFoundHome: 'Go to the home page',
  notFoundCourses: 'Browse courses',
  keepMeLoggedIn: 'Keep me logged in',
  forgotPassword: 'Forgot password?',
  /** The sign-in page's link to / (the spec's "Back to dashboard": its visitors are signed out; 0050). */
  backToHome: 'Back to home',
} as const;

export const COURSE_MESSAGES = {
  lectureWithoutVideo: (title: string) =>
    `The lecture “${title}” has no video yet: upload one (or delete the lecture) before publishing the course.`,
  noImage: 'No Image Available',
  noDescription: 'No description available.',
  durationFallback: 'N/A',
  continueWatching: 'Continue Watching',
  /** An owned course with no progress yet: nothing to continue (decision 0050). */
  start: 'Start',
  enrollNow: 'Enroll Now',
  loginToEnroll: 'Login to Enroll',
  noCourseFound: 'No course found',
  somethingWentWrong: 'Something went wrong',
  courseCreated: 'Course created successfully!',
  courseUpdated: 'Course updated successfully!',
  courseDeleted: 'Course deleted successfully',
  createFailed: 'Failed to create course',
  updateFailedUnknown: 'Unknown error',
  deleteFailed: 'Failed to delete course',
  loadFailed: 'Failed to load course',
  missingCourseId: 'No courseId found in URL',
  noUpdatePermission: "You don't have permission to update this course",
  noDeletePermission: "You don't have permission to delete this course",
  noLecturePermission: "You don't have permission to access lectures",
  lecturesComingSoon: 'Lectures are coming soon. Please check back later.',
  courseNotFound: 'Course not found',
  alreadyPurchased: 'You already own this course',
  notPublished: 'This course is not available for purchase',
  // Platform texts the spec leaves open.
  instructorNotFound: 'instructorId must name an existing instructor',
  cannotAssignInstructor: 'Only an admin can create a course for another instructor',
  mediaKeyNotInCourse: 'public_id must be a file uploaded to this course',
  mediaFileMissing: 'The uploaded file was not found; upload it again',
} as const;

export const API_MESSAGES = {
  notFound: 'Not found',
  routeNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
  validationFailed: 'Invalid request',
  /** PostgreSQL refused a value the input schemas let through (bad text encoding, a date or number out of range). */
  valueRefused: 'Invalid request: a value is not valid text or is out of range',
  /** Fastify refused the URL itself: bad percent-encoding, or a path segment over its length limit. */
  invalidUrl: 'Invalid URL: a path segment is not valid percent-encoding or is too long',
  /** A pagination cursor this server did not hand out (every paginated list; decision 0052). */
  invalidCursor:
    'Invalid cursor: pass the nextCursor of the previous page, or leave it out for the first page',
  internalError: 'Internal server error',
  notImplemented: 'This endpoint is not available yet',
  /** A rate limit or the per-IP ceiling refused the call (Retry-After says when to try again). */
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  /** The request body did not arrive within the allowed time (a stalled or deliberately slow client). */
  requestTimeout: 'The request took too long to arrive',
  /** The health check while the instance drains before a shutdown (SHUTDOWN_DRAIN_SECONDS). */
  shuttingDown: 'This instance is shutting down',
  /** The database can't be reached (stopped, restarting, connections cut): a 503 with Retry-After. */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a few seconds.',
  /** The health check while the database doesn't answer. */
  databaseUnreachable: 'The database is unreachable',
} as const;
