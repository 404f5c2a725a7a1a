/**
 * Become an instructor (issue 15, item 5): a signed-in student applies to teach; an admin approves
 * (the role becomes instructor) or declines; the applicant is notified either way.
 *
 * The role change takes effect as every role change does: each request re-reads the role with the
 * session, so the applicant's very next call has the instructor's permissions; the web app learns its
 * new role from the next token refresh (a reload, or the teach page once it sees the approval).
 */
import { z } from 'zod';
import { roleSchema } from './enumeration-schemas.js';
import { TEACHING_MESSAGES } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, requires } from './permissions.js';
import {
  dateTimeString,
  emailString,
  inputString,
  pageInput,
  pageOutput,
  uuidInput,
  uuidString,
} from './schema-formats.js';

/** An application's state; at most one pending application per user. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const TEACHING_TOPIC_MIN = 3;
export const TEACHING_TOPIC_MAX = 120;
export const TEACHING_EXPERIENCE_MIN = 20;
export const TEACHING_EXPERIENCE_MAX = 2000;
export const TEACHING_SAMPLE_URL_MAX = 500;
export const TEACHING_NOTE_MAX = 500;
export const TEACHING_PAGE_DEFAULT = 20;
export const TEACHING_PAGE_MAX = 100;

/**
 * The WHATWG URL parser every runtime has (browsers, Node, workers). The package builds with no
 * environment's types (`types: []`), so its type is spelt here.
 */
const WhatwgUrl = (
  globalThis as unknown as { URL: new (value: string) => { protocol: string; hostname: string } }
).URL;

/**
 * An absolute http(s) address with a host: the only links the admin's screen opens (never `javascript:`
 * or `data:`). Zod-free, so a form can use it without the schema.
 */
export function isHttpUrl(value: string): boolean {
  let url: { protocol: string; hostname: string };
  try {
    url = new WhatwgUrl(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

export const applyToTeachRequestSchema = z.object({
  topic: inputString({ error: TEACHING_MESSAGES.topicLength })
    .trim()
    .min(TEACHING_TOPIC_MIN, TEACHING_MESSAGES.topicLength)
    .max(TEACHING_TOPIC_MAX, TEACHING_MESSAGES.topicLength)
    .meta({ description: 'What you would teach, e.g. "Rust for web developers".' }),
  experience: inputString({ error: TEACHING_MESSAGES.experienceLength })
    .trim()
    .min(TEACHING_EXPERIENCE_MIN, TEACHING_MESSAGES.experienceLength)
    .max(TEACHING_EXPERIENCE_MAX, TEACHING_MESSAGES.experienceLength)
    .meta({ description: 'Your experience with the topic and with teaching it.' }),
  sampleUrl: inputString({ error: TEACHING_MESSAGES.sampleUrlInvalid })
    .trim()
    .max(TEACHING_SAMPLE_URL_MAX, TEACHING_MESSAGES.sampleUrlTooLong)
    .refine(isHttpUrl, TEACHING_MESSAGES.sampleUrlInvalid)
    .meta({
      description: 'Optional: an http(s) link to a sample of your teaching (a video, a talk, a post).',
    })
    .optional(),
});
export type ApplyToTeachRequest = z.input<typeof applyToTeachRequestSchema>;

export const teachingApplicationSchema = z
  .object({
    _id: uuidString(),
    topic: z.string(),
    experience: z.string(),
    sampleUrl: z.string().nullable(),
    status: z.enum(APPLICATION_STATUSES),
    /** The admin's note on a decision (shown to the applicant on a decline); null when none was given. */
    decisionNote: z.string().nullable(),
    createdAt: dateTimeString(),
    decidedAt: dateTimeString().nullable(),
  })
  .meta({ id: 'TeachingApplication' });
export type TeachingApplication = z.infer<typeof teachingApplicationSchema>;

/** An application as the admin sees it: with who applied, as their account is now. */
export const adminTeachingApplicationSchema = teachingApplicationSchema
  .extend({
    applicant: z.object({
      _id: uuidString(),
      name: z.string(),
      email: emailString(),
      role: roleSchema,
      isActive: z.boolean(),
    }),
    /** The admin who decided, while their account exists. */
    decidedByName: z.string().nullable(),
  })
  .meta({ id: 'AdminTeachingApplication' });
export type AdminTeachingApplication = z.infer<typeof adminTeachingApplicationSchema>;

export const TEACHING_DECISIONS = ['approve', 'decline'] as const;
export type TeachingDecision = (typeof TEACHING_DECISIONS)[number];

export const decideTeachingApplicationRequestSchema = z.object({
  id: uuidInput(),
  decision: z.enum(TEACHING_DECISIONS, { error: TEACHING_MESSAGES.decisionInvalid }),
  note: inputString()
    .trim()
    .max(TEACHING_NOTE_MAX, TEACHING_MESSAGES.noteTooLong)
    .meta({ description: 'Optional; on a decline the applicant reads it in their notification.' })
    .optional(),
});
export type DecideTeachingApplicationRequest = z.input<typeof decideTeachingApplicationRequestSchema>;

const ADMIN = requires('all');

export const teachingOperations = defineOperations({
  apply: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Apply to teach: topic, experience and an optional sample link (students)',
    description:
      'Only a student account may apply (403 for any other role, with the reason). One application may ' +
      'wait for a decision at a time (409). Every active admin is notified.',
    input: applyToTeachRequestSchema,
    output: z.object({ message: z.string(), application: teachingApplicationSchema }),
    rest: { method: 'POST', path: '/teaching/applications', status: 201 },
    errors: ['CONFLICT'],
  },
  mine: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'Your latest application to teach, or null',
    output: z.object({ application: teachingApplicationSchema.nullable() }),
    rest: { method: 'GET', path: '/teaching/applications/mine' },
  },
  list: {
    kind: 'query',
    access: ADMIN,
    summary: 'Applications to teach, newest first, optionally of one state (admin)',
    input: z.object({
      status: z.enum(APPLICATION_STATUSES).optional(),
      ...pageInput(TEACHING_PAGE_MAX, TEACHING_PAGE_DEFAULT),
    }),
    output: pageOutput('applications', adminTeachingApplicationSchema),
    rest: { method: 'GET', path: '/teaching/applications' },
  },
  decide: {
    kind: 'mutation',
    access: ADMIN,
    summary: 'Approve (the applicant becomes an instructor) or decline an application, with a note (admin)',
    description:
      'Only a pending application can be decided (409 otherwise; of concurrent decisions exactly one ' +
      'wins). Approval makes an active student an instructor in the same transaction; an applicant who is ' +
      'already an instructor or admin keeps their role; a suspended, deleted or otherwise changed account ' +
      'is refused (409). The applicant is notified.',
    input: decideTeachingApplicationRequestSchema,
    output: z.object({ message: z.string(), application: adminTeachingApplicationSchema }),
    rest: { method: 'POST', path: '/teaching/applications/{id}/decision' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
});
