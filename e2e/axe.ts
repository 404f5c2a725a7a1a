/**
 * axe-core in the e2e specs: the WCAG 2.1 A/AA rules, and the check every screen must pass (no serious or
 * critical violation). Each message names the rule, its impact and help, and every failing node.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per violation, then one per failing node with axe's summary of what fails. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `  - ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

export interface AxeCheckOptions {
  /**
   * Elements axe can't judge, each with its reason at the call site (a sandboxed frame without scripts,
   * where axe can't run, is the one use so far). Never a way around a real violation.
   */
  exclude?: string[];
}

/** The serious and critical WCAG violations on the page as it is now. */
export async function blockingViolations(page: Page, options: AxeCheckOptions = {}): Promise<AxeViolation[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
}

/** Fails with every serious or critical violation on the page, described, when there is any. */
export async function expectNoBlockingViolations(
  page: Page,
  where: string,
  options: AxeCheckOptions = {},
): Promise<void> {
  const blocking = await blockingViolations(page, options);
  expect(describeViolations(blocking), `serious or critical axe violations on ${where}`).toBe('');
}
