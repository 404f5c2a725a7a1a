/**
 * Vitest setup (vitest.config.ts `setupFiles`): every /api/v1 answer a test file got must conform to the
 * OpenAPI document (helpers/api-conformance.ts has the rules). Checked after each test, so the failure
 * names the test (answers its beforeAll/beforeEach hooks got are checked with it, without a test name),
 * and after the file for what its last hooks requested.
 */
import { afterAll, afterEach } from 'vitest';
import { assertConformance, takeConformanceProblems } from '../helpers/api-conformance';

afterEach(() => {
  assertConformance(takeConformanceProblems(), 'in this test');
});

afterAll(() => {
  assertConformance(takeConformanceProblems(), 'in this file’s hooks');
});
