/** Every table, relation and row type of the Lectio database. drizzle-kit reads this file. */
export * from './account-tokens';
export * from './activity';
export * from './analytics';
export * from './auth';
export * from './certificates';
export * from './courses';
export * from './enrollments';
export * from './mail';
export * from './marketplace';
export * from './notifications';
export * from './payments';
export * from './progress';
export * from './quizzes';
export * from './rate-limits';
export * from './relations';
export * from './reviews';
export * from './users';
