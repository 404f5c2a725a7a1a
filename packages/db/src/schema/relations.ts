/** Relations for drizzle's relational queries (`db.query.courses.findMany({ with: { lectures: true } })`). */
import { relations } from 'drizzle-orm';
import { authSessions } from './auth';
import { courseSections, courses, lectures } from './courses';
import { enrollments } from './enrollments';
import { payments } from './payments';
import { lectureProgress } from './progress';
import { users } from './users';

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(authSessions),
  courses: many(courses),
  enrollments: many(enrollments),
  payments: many(payments),
  progress: many(lectureProgress),
}));

export const authSessionsRelations = relations(authSessions, ({ one }) => ({
  user: one(users, { fields: [authSessions.userId], references: [users.id] }),
}));

export const coursesRelations = relations(courses, ({ one, many }) => ({
  instructor: one(users, { fields: [courses.instructorId], references: [users.id] }),
  sections: many(courseSections),
  lectures: many(lectures),
  enrollments: many(enrollments),
  payments: many(payments),
}));

export const courseSectionsRelations = relations(courseSections, ({ one, many }) => ({
  course: one(courses, { fields: [courseSections.courseId], references: [courses.id] }),
  lectures: many(lectures),
}));

export const lecturesRelations = relations(lectures, ({ one, many }) => ({
  course: one(courses, { fields: [lectures.courseId], references: [courses.id] }),
  section: one(courseSections, { fields: [lectures.sectionId], references: [courseSections.id] }),
  progress: many(lectureProgress),
}));

export const enrollmentsRelations = relations(enrollments, ({ one }) => ({
  user: one(users, { fields: [enrollments.userId], references: [users.id] }),
  course: one(courses, { fields: [enrollments.courseId], references: [courses.id] }),
  payment: one(payments, { fields: [enrollments.paymentId], references: [payments.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  user: one(users, { fields: [payments.userId], references: [users.id] }),
  course: one(courses, { fields: [payments.courseId], references: [courses.id] }),
}));

export const lectureProgressRelations = relations(lectureProgress, ({ one }) => ({
  user: one(users, { fields: [lectureProgress.userId], references: [users.id] }),
  lecture: one(lectures, { fields: [lectureProgress.lectureId], references: [lectures.id] }),
  course: one(courses, { fields: [lectureProgress.courseId], references: [courses.id] }),
}));
