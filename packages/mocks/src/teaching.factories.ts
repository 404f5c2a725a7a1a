/**
 * Applications to teach (teaching.*): realistic answers, overridable field by field like the other
 * factories. A default application waits for a decision; the admin's version names its applicant.
 */
import type { AdminTeachingApplication, TeachingApplication } from '@lectio/contracts/teaching-applications';
import { nextId } from './sequence.js';

const APPLIED_AT = '2025-01-08T10:00:00.000Z';

export function buildTeachingApplication(overrides: Partial<TeachingApplication> = {}): TeachingApplication {
  return {
    _id: nextId(),
    topic: 'Rust for web developers',
    experience: 'Eight years of backend work in Rust and Go; I run the Rust study group at my company.',
    sampleUrl: 'https://example.com/talks/rust-ownership',
    status: 'pending',
    decisionNote: null,
    createdAt: APPLIED_AT,
    decidedAt: null,
    ...overrides,
  };
}

export function buildAdminTeachingApplication(
  overrides: Partial<AdminTeachingApplication> = {},
): AdminTeachingApplication {
  return {
    ...buildTeachingApplication(overrides),
    applicant: {
      _id: nextId(),
      name: 'Asha Rao',
      email: 'asha@example.com',
      role: 'student',
      isActive: true,
    },
    decidedByName: null,
    ...overrides,
  };
}

/** A page of the admin's queue (the last page unless `nextCursor` is given). */
export function buildTeachingApplicationPage(
  applications: AdminTeachingApplication[] = [buildAdminTeachingApplication()],
  nextCursor: string | null = null,
): { applications: AdminTeachingApplication[]; nextCursor: string | null } {
  return { applications, nextCursor };
}
