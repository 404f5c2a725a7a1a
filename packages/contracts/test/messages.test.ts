import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  CONFIRMATIONS,
  COURSE_MESSAGES,
  displayServerMessage,
  LECTURE_MESSAGES,
  MY_COURSES_MESSAGES,
  PAGE_TEXT,
  PAYMENT_MESSAGES,
  VALIDATION,
} from '../src/messages';

describe('displayServerMessage', () => {
  it.each(["Can't find user", "Can't find", "Can't find course with that id"])(
    'shows %j as No server response',
    (message) => {
      expect(displayServerMessage(message)).toBe('No server response');
    },
  );

  it.each([
    'Invalid email or password',
    'Email already registered',
    '',
    "I Can't find user",
    "can't find user",
    'Cant find user',
  ])('shows %j unchanged', (message) => {
    expect(displayServerMessage(message)).toBe(message);
  });
});

describe('message functions', () => {
  it('welcomeBack', () => {
    expect(AUTH_MESSAGES.welcomeBack('Asha')).toBe('Welcome back, Asha!');
    expect(AUTH_MESSAGES.welcomeBack('')).toBe('Welcome back, !');
  });

  it('changeRole', () => {
    expect(CONFIRMATIONS.changeRole('instructor')).toBe(
      'Are you sure you want to change this user\'s role to "instructor"?',
    );
  });

  it('deleteLecture', () => {
    expect(CONFIRMATIONS.deleteLecture('Intro to Go')).toBe(
      'Are you sure you want to delete this lecture: Intro to Go?',
    );
  });

  it('loadError', () => {
    expect(LECTURE_MESSAGES.loadError('Network down')).toBe('Error: Network down');
  });
});

describe('section 5 validation texts', () => {
  it.each([
    [VALIDATION.emailRequired, 'Email is required'],
    [VALIDATION.emailInvalid, 'Invalid email address'],
    [VALIDATION.passwordRequired, 'Password is required'],
    [VALIDATION.passwordTooShort, 'Password must be at least 6 characters'],
    [VALIDATION.nameRequired, 'Name is required'],
    [VALIDATION.confirmPasswordRequired, 'Confirm Password is required'],
    [VALIDATION.passwordsDoNotMatch, 'Passwords do not match'],
    [VALIDATION.lectureTitleRequired, 'Lecture title must be required!'],
    [AUTH_MESSAGES.noServerResponse, 'No server response'],
    [COURSE_MESSAGES.lecturesComingSoon, 'Lectures are coming soon. Please check back later.'],
    [CONFIRMATIONS.suspendUser, 'Are you sure you want to suspend this user?'],
    [CONFIRMATIONS.activateUser, 'Are you sure you want to activate this user?'],
    [CONFIRMATIONS.deleteCourse, 'Are you sure you want to delete this course?'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('section 8 error and success texts', () => {
  it.each([
    [COURSE_MESSAGES.createFailed, 'Failed to create course'],
    [COURSE_MESSAGES.updateFailedUnknown, 'Unknown error'],
    [COURSE_MESSAGES.deleteFailed, 'Failed to delete course'],
    [LECTURE_MESSAGES.createFailed, 'Failed to create lecture'],
    [LECTURE_MESSAGES.updateFailed, 'Failed to update lecture'],
    [LECTURE_MESSAGES.deleteFailed, 'Failed to delete lecture'],
    [COURSE_MESSAGES.loadFailed, 'Failed to load course'],
    [COURSE_MESSAGES.missingCourseId, 'No courseId found in URL'],
    [PAYMENT_MESSAGES.fallbackError, 'Something went wrong'],
    [MY_COURSES_MESSAGES.empty, "You haven't purchased any courses yet."],
    [MY_COURSES_MESSAGES.loadFailed, 'Failed to load your courses. Please try again later.'],
    [ADMIN_MESSAGES.usersLoadFailed, 'Failed to load users'],
    [ADMIN_MESSAGES.analyticsLoadFailed, 'Failed to load analytics'],
    [PAGE_TEXT.unauthorizedText, 'You do not have permission to access this page.'],
    [AUTH_MESSAGES.accountCreated, 'Account created successfully!'],
    [COURSE_MESSAGES.courseCreated, 'Course created successfully!'],
    [COURSE_MESSAGES.courseUpdated, 'Course updated successfully!'],
    [COURSE_MESSAGES.courseDeleted, 'Course deleted successfully'],
    [LECTURE_MESSAGES.created, 'Lecture created successfully'],
    [LECTURE_MESSAGES.updated, 'Lecture updated successfully'],
    [LECTURE_MESSAGES.deleted, 'Lecture deleted successfully'],
    [PAYMENT_MESSAGES.success, 'Payment successful! Redirecting to your courses...'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('texts of sections 1, 2, 4 and 6', () => {
  it.each([
    [PAGE_TEXT.loading, 'Loading...'],
    [PAGE_TEXT.unauthorizedTitle, 'Unauthorized'],
    [PAGE_TEXT.goToBack, 'Go to Back'],
    [PAGE_TEXT.keepMeLoggedIn, 'Keep me logged in'],
    [PAGE_TEXT.forgotPassword, 'Forgot password?'],
    // The spec's 'Back to dashboard' on /signin: its visitors are signed out (decision 0050).
    [PAGE_TEXT.backToHome, 'Back to home'],
    [COURSE_MESSAGES.noImage, 'No Image Available'],
    [COURSE_MESSAGES.noDescription, 'No description available.'],
    [COURSE_MESSAGES.durationFallback, 'N/A'],
    [COURSE_MESSAGES.continueWatching, 'Continue Watching'],
    [COURSE_MESSAGES.enrollNow, 'Enroll Now'],
    [COURSE_MESSAGES.loginToEnroll, 'Login to Enroll'],
    [COURSE_MESSAGES.noCourseFound, 'No course found'],
    [COURSE_MESSAGES.somethingWentWrong, 'Something went wrong'],
    [COURSE_MESSAGES.noUpdatePermission, "You don't have permission to update this course"],
    [COURSE_MESSAGES.noDeletePermission, "You don't have permission to delete this course"],
    [COURSE_MESSAGES.noLecturePermission, "You don't have permission to access lectures"],
    [LECTURE_MESSAGES.locked, 'This lecture is locked'],
    [LECTURE_MESSAGES.enrollToUnlock, 'Enroll to Unlock'],
    [LECTURE_MESSAGES.notPublishedYet, 'This lecture is not published yet. Please check back later'],
    [MY_COURSES_MESSAGES.signInRequired, 'Please login to see your courses.'],
    [ADMIN_MESSAGES.dashboardTitle, 'Admin Dashboard'],
    [ADMIN_MESSAGES.dashboardSubtitle, 'Overview of platform activity & revenue'],
    [ADMIN_MESSAGES.refreshing, 'Refreshing...'],
    [ADMIN_MESSAGES.upToDate, 'Up to date'],
    [ADMIN_MESSAGES.usersLoading, 'Loading user stats...'],
    [ADMIN_MESSAGES.activeUsersHint, 'Users online right now'],
    [ADMIN_MESSAGES.avgSessionHint, 'Average duration per user'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('platform texts outside the spec', () => {
  it('the extra limits state the limits of constants.ts', () => {
    expect(VALIDATION.passwordTooLong).toBe('Password must be at most 128 characters');
    expect(VALIDATION.nameTooLong).toBe('Name must be at most 100 characters');
    expect(VALIDATION.emailTooLong).toBe('Email must be at most 254 characters');
  });
});
