import { describe, expect, it } from 'vitest';
import { makeLecture } from '../../../test/course-fixtures';
import { hrefOf } from '../../../test/links';
import { type CourseAction, courseAction } from './CourseDetail';
import {
  courseLinkFor,
  formatCoursePrice,
  formatPrice,
  hasPurchased,
  lectureDurationLabel,
  nonBlank,
  previewIntroLecture,
  tagList,
} from './course-format';

describe('prices', () => {
  it('formats rupees for en-IN', () => {
    expect(formatPrice(1299)).toBe('₹1,299.00');
    expect(formatPrice(123456.5)).toBe('₹1,23,456.50');
    expect(formatPrice(0)).toBe('₹0.00');
  });

  it("shows 'Free' in the course table for a course that costs nothing", () => {
    expect(formatCoursePrice(0)).toBe('Free');
    expect(formatCoursePrice(undefined)).toBe('Free');
    expect(formatCoursePrice(Number.NaN)).toBe('Free');
    expect(formatCoursePrice(499)).toBe('₹499.00');
  });
});

describe('lectureDurationLabel', () => {
  it('prefers the formatted duration, else whole minutes', () => {
    expect(lectureDurationLabel({ duration: 125, formattedDuration: '2:05' })).toBe('2:05');
    // An article says how long it takes to read.
    expect(
      lectureDurationLabel({ duration: 0, formattedDuration: null, kind: 'article', readingMinutes: 4 }),
    ).toBe('4 min read');
    expect(lectureDurationLabel({ duration: 125, formattedDuration: null })).toBe('2 min');
    expect(lectureDurationLabel({ duration: 59, formattedDuration: null })).toBe('0 min');
  });
});

describe('previewIntroLecture', () => {
  it('picks the first free lecture whose title contains "intro" in any case', () => {
    const lectures = [
      makeLecture({ _id: 'paid-intro', title: 'Intro (paid)', isPreview: false }),
      makeLecture({ _id: 'free-other', title: 'Setup', isPreview: true }),
      makeLecture({ _id: 'free-intro', title: 'A quick INTRODUCTION', isPreview: true }),
      makeLecture({ _id: 'free-intro-2', title: 'intro again', isPreview: true }),
    ];
    expect(previewIntroLecture(lectures)?._id).toBe('free-intro');
  });

  it('falls back to the first free lecture when none mentions intro', () => {
    const lectures = [
      makeLecture({ _id: 'paid', title: 'Intro', isPreview: false }),
      makeLecture({ _id: 'free-setup', title: 'Setup', isPreview: true }),
      makeLecture({ _id: 'free-more', title: 'More', isPreview: true }),
    ];
    expect(previewIntroLecture(lectures)?._id).toBe('free-setup');
  });

  it('returns null when no lecture is free', () => {
    expect(previewIntroLecture([makeLecture({ title: 'Intro', isPreview: false })])).toBeNull();
    expect(previewIntroLecture([])).toBeNull();
  });
});

describe('courseLinkFor and hasPurchased', () => {
  it('links visitors to /course/{id} and signed-in users under their base path', () => {
    expect(hrefOf(courseLinkFor(null, 'c1'))).toBe('/course/c1');
    expect(hrefOf(courseLinkFor({ role: 'admin' }, 'c1'))).toBe('/dashboard/admin/course/c1');
    expect(hrefOf(courseLinkFor({ role: 'instructor' }, 'c1'))).toBe('/dashboard/instructor/course/c1');
    expect(hrefOf(courseLinkFor({ role: 'student' }, 'c1'))).toBe('/dashboard/course/c1');
    expect(hrefOf(courseLinkFor({ role: 'parent' }, 'c1'))).toBe('/dashboard/course/c1');
  });

  it('reads the purchased list', () => {
    expect(hasPurchased(null, 'c1')).toBe(false);
    expect(hasPurchased({ purchasedCourses: ['c1'] }, 'c1')).toBe(true);
    expect(hasPurchased({ purchasedCourses: ['c2'] }, 'c1')).toBe(false);
  });
});

describe('lists', () => {
  it('splits tags and drops blanks and repeats', () => {
    expect(tagList(' react, hooks,, react ,')).toEqual(['react', 'hooks']);
    expect(tagList('')).toEqual([]);
  });

  it('drops blank rows before sending', () => {
    expect(nonBlank([' a ', '', '  ', 'b'])).toEqual(['a', 'b']);
  });
});

/** The action with its link as the href it resolves to. */
function withHref(action: CourseAction) {
  if (action.kind === 'login') return action;
  const { link, ...rest } = action;
  return { ...rest, href: hrefOf(link) };
}

describe('courseAction (the detail page button)', () => {
  const lectures = [makeLecture({ _id: 'l2', order: 2 }), makeLecture({ _id: 'l1', order: 1 })];

  it("asks a visitor to 'Login to Enroll', coming back to the page", () => {
    expect(courseAction({ _id: 'c1', canAccessAll: false, videos: lectures }, null, '/course/c1')).toEqual({
      kind: 'login',
      label: 'Login to Enroll',
      from: '/course/c1',
    });
  });

  it("sends a signed-in user without full access to checkout with 'Enroll Now'", () => {
    expect(
      withHref(courseAction({ _id: 'c1', canAccessAll: false, videos: lectures }, { role: 'student' }, '/x')),
    ).toEqual({ kind: 'enroll', label: 'Enroll Now', href: '/dashboard/checkout/c1' });
    expect(
      withHref(
        courseAction({ _id: 'c1', canAccessAll: false, videos: lectures }, { role: 'instructor' }, '/x'),
      ),
    ).toEqual({ kind: 'enroll', label: 'Enroll Now', href: '/dashboard/instructor/checkout/c1' });
  });

  it("sends full access to the first lecture: 'Start' before any progress, 'Continue Watching' after", () => {
    const owned = (progress: number | null) => ({
      _id: 'c1',
      canAccessAll: true,
      videos: lectures,
      progress,
    });
    expect(withHref(courseAction(owned(20), { role: 'admin' }, '/x'))).toEqual({
      kind: 'continue',
      label: 'Continue Watching',
      href: '/dashboard/admin/course/c1/lecture/l1',
    });
    for (const progress of [0, null])
      expect(withHref(courseAction(owned(progress), { role: 'student' }, '/x'))).toEqual({
        kind: 'continue',
        label: 'Start',
        href: '/dashboard/course/c1/lecture/l1',
      });
  });

  it('resumes at the first lecture not completed yet, in course order (the first once all are done)', () => {
    const three = [...lectures, makeLecture({ _id: 'l3', order: 3 })];
    const owned = { _id: 'c1', canAccessAll: true, videos: three, progress: 50 };
    expect(withHref(courseAction(owned, { role: 'student' }, '/x', undefined, new Set(['l1'])))).toEqual({
      kind: 'continue',
      label: 'Continue Watching',
      href: '/dashboard/course/c1/lecture/l2',
    });
    expect(
      withHref(courseAction(owned, { role: 'student' }, '/x', undefined, new Set(['l1', 'l2']))),
    ).toMatchObject({
      href: '/dashboard/course/c1/lecture/l3',
    });
    expect(
      withHref(courseAction(owned, { role: 'student' }, '/x', undefined, new Set(['l1', 'l2', 'l3']))),
    ).toMatchObject({ href: '/dashboard/course/c1/lecture/l1' });
  });

  it('has nowhere to go for a course without lectures', () => {
    expect(
      withHref(courseAction({ _id: 'c1', canAccessAll: false, videos: [] }, { role: 'student' }, '/x')),
    ).toMatchObject({
      href: null,
    });
  });
});
