import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { hrefOf } from '../../../test/links';
import { canCreateCourse, canManageCourse, type EditTarget, editTarget } from './edit-permissions';

const course = { _id: 'c1', instructor: { _id: 'owner' } };
const admin = makeUser({ _id: 'admin-1', role: 'admin' });
const owner = makeUser({ _id: 'owner', role: 'instructor' });
const otherInstructor = makeUser({ _id: 'someone-else', role: 'instructor' });
const buyer = makeUser({ _id: 's1', role: 'student', purchasedCourses: ['c1'] });
const student = makeUser({ _id: 's2', role: 'student', purchasedCourses: ['c9'] });
const guest = makeUser({ _id: 'g1', role: 'guest', purchasedCourses: ['c1'] });

/** The target with its link as the href it resolves to. */
function withHref(target: EditTarget) {
  if (target.kind === 'denied') return target;
  const { link, ...rest } = target;
  return { ...rest, href: hrefOf(link) };
}

describe('edit-click rules (spec section 2)', () => {
  it('sends an admin to update/{id} for any course', () => {
    expect(withHref(editTarget(admin, course))).toEqual({
      kind: 'update',
      href: '/dashboard/admin/update/c1',
    });
  });

  it('lets an instructor edit only an owned course', () => {
    expect(withHref(editTarget(owner, course))).toEqual({
      kind: 'update',
      href: '/dashboard/instructor/update/c1',
    });
    expect(editTarget(otherInstructor, course)).toEqual({
      kind: 'denied',
      reason: "You don't have permission to update this course",
    });
  });

  it('sends a student to course/{id}, only for a purchased course', () => {
    expect(withHref(editTarget(buyer, course))).toEqual({ kind: 'view', href: '/dashboard/course/c1' });
    expect(editTarget(student, course).kind).toBe('denied');
  });

  it('denies anyone else', () => {
    expect(editTarget(guest, course).kind).toBe('denied');
    expect(editTarget(null, course).kind).toBe('denied');
  });
});

describe('managing and creating', () => {
  it('lets admins and owners manage; nobody else', () => {
    expect(canManageCourse(admin, course)).toBe(true);
    expect(canManageCourse(owner, course)).toBe(true);
    expect(canManageCourse(otherInstructor, course)).toBe(false);
    expect(canManageCourse(buyer, course)).toBe(false);
    expect(canManageCourse(null, course)).toBe(false);
  });

  it('offers Create course to admins and instructors', () => {
    expect(canCreateCourse(admin)).toBe(true);
    expect(canCreateCourse(owner)).toBe(true);
    expect(canCreateCourse(buyer)).toBe(false);
    expect(canCreateCourse(null)).toBe(false);
  });
});
