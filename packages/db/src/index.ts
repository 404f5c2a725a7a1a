/**
 * @lectio/db: schema, connection, password hashing and the demo seed.
 * Test helpers live in `@lectio/db/testing`, factories in `@lectio/db/seed/factories`.
 */
export * from './client';
export * from './password';
export * from './schema/index';
export {
  copyDemoMedia,
  DEMO_ACCOUNTS,
  DEMO_MEDIA_KEYS,
  DEMO_PASSWORD,
  type DemoAccount,
  type SeedDemoOptions,
  seedDemo,
} from './seed/demo';
