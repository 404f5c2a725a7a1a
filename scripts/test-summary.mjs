#!/usr/bin/env node
/**
 * Adds up the test reports of one `pnpm test` run and prints, as its very last line,
 *   tests: N passed, M failed
 *
 * Reads every vitest JSON report (`test-results/vitest.json`, written by the json reporter each
 * package's vitest config declares, and `test-results/vitest-<tier>.json` for a package's extra tiers,
 * the scripts named `test:<tier>` such as the server's fuzz, chaos and cluster tiers) under apps/* and
 * packages/*, and Playwright's JSON report
 * (e2e/test-results/results.json). Skipped and todo tests are not counted as passed; flaky Playwright
 * tests (passed on retry) are counted as passed and listed. These count as failures, with a line each:
 *   - a package with a `test` script but no report (its tests never ran, crashed before the reporter
 *     wrote anything, or its vitest config lacks the json reporter), likewise a `test:<tier>` script
 *     without its `vitest-<tier>.json` and a missing e2e report;
 *   - a report that is not valid JSON, or older than --since;
 *   - a test file that failed without a failing test (it crashed on import or in a hook);
 *   - a run reported unsuccessful without a failing test, and Playwright's global errors;
 *   - --exit-code N with N != 0 while no report lists a failure (an unhandled error, say).
 *
 * Usage: node scripts/test-summary.mjs [--since <epoch ms>] [--exit-code <n>] [--no-e2e] [--root <repo>]
 * Exits 1 when M > 0.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE_GROUPS = ['apps', 'packages'];
const VITEST_REPORT = join('test-results', 'vitest.json');
const PLAYWRIGHT_REPORT = join('e2e', 'test-results', 'results.json');
const MAX_LISTED_FAILURES = 25;

function parseArgs(argv) {
  const options = { since: null, exitCode: null, e2e: true, root: null };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    const value = () => {
      const next = argv[index + 1];
      index += 1;
      if (next === undefined || Number.isNaN(Number(next))) {
        console.log(`test-summary: ${arg} needs a number`);
        process.exit(2);
      }
      return Number(next);
    };
    if (arg === '--since') options.since = value();
    else if (arg === '--exit-code') options.exitCode = value();
    else if (arg === '--no-e2e') options.e2e = false;
    else if (arg === '--root') {
      options.root = argv[index + 1] ?? null;
      index += 1;
    } else {
      console.log(`test-summary: unknown argument ${arg}`);
      process.exit(2);
    }
  }
  return options;
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function readPackageJson(dir) {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return null;
  try {
    return readJson(file);
  } catch {
    return null;
  }
}

/** Every vitest report below `dir`, skipping dependencies and build output. */
function findVitestReports(dir) {
  const found = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'dist') continue;
      if (entry.name.startsWith('.')) continue;
      const child = join(current, entry.name);
      if (entry.name !== 'test-results') walk(child);
      else
        for (const file of readdirSync(child))
          if (/^vitest(-[\w-]+)?\.json$/.test(file)) found.push(join(child, file));
    }
  };
  walk(dir);
  return found;
}

const REASON_LINES = 4;
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * The first lines of a failure's message (colours removed) and where it was raised, so that a CI log
 * cut down to its tail still says why a test failed, not only which one.
 */
function failureReason(message, location) {
  const lines = String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, REASON_LINES);
  if (location?.file) lines.push(`at ${relative(ROOT, location.file)}:${location.line}:${location.column}`);
  return lines;
}

/** One line of the summary per report source; `problems` are failures that are not a failing test. */
function newTally(label) {
  return { label, passed: 0, failed: 0, skipped: 0, flaky: [], failedTests: [], problems: [], times: [] };
}

/** `3m 06s` / `42s`. */
function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m ${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
}

/** How long a vitest run took: from its start to the end of its last file. */
function vitestDuration(report) {
  const ends = (Array.isArray(report.testResults) ? report.testResults : [])
    .map((file) => Number(file.endTime))
    .filter(Number.isFinite);
  const start = Number(report.startTime);
  return ends.length > 0 && Number.isFinite(start) ? Math.max(...ends) - start : null;
}

function checkFreshness(tally, path, since) {
  if (since !== null && statSync(path).mtimeMs < since) {
    tally.problems.push(
      `${relative(ROOT, path)} is older than this run (a stale report: its tests did not run)`,
    );
    return false;
  }
  return true;
}

function addVitestReport(tally, path, since) {
  if (!checkFreshness(tally, path, since)) return;
  let report;
  try {
    report = readJson(path);
  } catch (error) {
    tally.problems.push(
      `${relative(ROOT, path)} is not valid JSON (${error.message}): the run was cut short`,
    );
    return;
  }
  const tier = /vitest-(.+)\.json$/.exec(path)?.[1] ?? 'tests';
  const took = vitestDuration(report);
  if (took !== null) tally.times.push({ what: tier, ms: took });
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  const problemsBefore = tally.problems.length;
  let failedHere = 0;
  for (const file of files) {
    const tests = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    let failedInFile = 0;
    for (const test of tests) {
      if (test.status === 'passed') tally.passed += 1;
      else if (test.status === 'failed') {
        failedInFile += 1;
        tally.failedTests.push({
          name: `${relative(ROOT, file.name ?? '?')} > ${test.fullName ?? test.title}`,
          reason: failureReason(test.failureMessages?.[0]),
        });
      } else tally.skipped += 1;
    }
    failedHere += failedInFile;
    if (file.status === 'failed' && failedInFile === 0) {
      const firstLine = String(file.message ?? '').split('\n')[0] || 'no message';
      tally.problems.push(`${relative(ROOT, file.name ?? '?')} failed outside any test: ${firstLine}`);
    }
  }
  if (files.length === 0 && Number(report.numTotalTests) > 0) {
    // Report without per-file detail: fall back to the totals.
    tally.passed += Number(report.numPassedTests) || 0;
    failedHere = Number(report.numFailedTests) || 0;
    tally.skipped += (Number(report.numPendingTests) || 0) + (Number(report.numTodoTests) || 0);
    for (let index = 0; index < failedHere; index += 1) {
      tally.failedTests.push({ name: '(a failing test)', reason: [] });
    }
  }
  tally.failed += failedHere;
  if (report.success === false && failedHere === 0 && tally.problems.length === problemsBefore) {
    tally.problems.push(`${relative(ROOT, path)} reports an unsuccessful run without a failing test`);
  }
}

function addPlaywrightReport(tally, path, since) {
  if (!checkFreshness(tally, path, since)) return;
  let report;
  try {
    report = readJson(path);
  } catch (error) {
    tally.problems.push(
      `${relative(ROOT, path)} is not valid JSON (${error.message}): the run was cut short`,
    );
    return;
  }
  if (Number.isFinite(Number(report.stats?.duration)))
    tally.times.push({ what: 'e2e', ms: Number(report.stats.duration) });
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = [...here, spec.title].join(' > ');
        if (test.status === 'expected') tally.passed += 1;
        else if (test.status === 'flaky') {
          tally.passed += 1;
          tally.flaky.push(name);
        } else if (test.status === 'unexpected') {
          tally.failed += 1;
          const result = test.results?.at(-1);
          const error = result?.errors?.[0] ?? result?.error;
          tally.failedTests.push({ name, reason: failureReason(error?.message, error?.location) });
        } else tally.skipped += 1;
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) {
    const firstLine = String(error.message ?? error.value ?? 'unknown error').split('\n')[0];
    tally.problems.push(`Playwright error: ${firstLine}`);
  }
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.root) ROOT = resolve(options.root);
  const tallies = [];

  for (const group of PACKAGE_GROUPS) {
    const groupDir = join(ROOT, group);
    if (!existsSync(groupDir)) continue;
    for (const entry of readdirSync(groupDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(groupDir, entry.name);
      const manifest = readPackageJson(dir);
      if (!manifest) continue;
      const tally = newTally(manifest.name ?? `${group}/${entry.name}`);
      const reports = findVitestReports(dir);
      const hasTestScript = typeof manifest.scripts?.test === 'string';
      if (reports.length === 0 && !hasTestScript) continue;
      if (reports.length === 0) {
        tally.problems.push(
          `no vitest report (${relative(ROOT, join(dir, VITEST_REPORT))}): its tests did not run, crashed ` +
            "before writing one, or its vitest config lacks ['json', { outputFile: 'test-results/vitest.json' }]",
        );
      }
      const tiers = Object.keys(manifest.scripts ?? {}).flatMap((name) =>
        name.startsWith('test:') ? [name.slice('test:'.length)] : [],
      );
      for (const tier of tiers) {
        const report = join(dir, 'test-results', `vitest-${tier}.json`);
        if (!reports.includes(report))
          tally.problems.push(
            `no report of its ${tier} tier (${relative(ROOT, report)}): \`test:${tier}\` did not run or crashed ` +
              `before its json reporter wrote one`,
          );
      }
      for (const report of reports) addVitestReport(tally, report, options.since);
      tallies.push(tally);
    }
  }

  const e2eManifest = readPackageJson(join(ROOT, 'e2e'));
  if (options.e2e && e2eManifest) {
    const tally = newTally(`${e2eManifest.name ?? 'e2e'} (Playwright)`);
    const path = join(ROOT, PLAYWRIGHT_REPORT);
    if (existsSync(path)) addPlaywrightReport(tally, path, options.since);
    else {
      tally.problems.push(
        `no Playwright report (${PLAYWRIGHT_REPORT}): the e2e suite did not run (an earlier step failed) ` +
          'or stopped before Playwright finished (see the run-e2e output above)',
      );
    }
    tallies.push(tally);
  }

  let passed = 0;
  let failed = 0;
  console.log('');
  console.log('Test summary');
  for (const tally of tallies) {
    const failures = tally.failed + tally.problems.length;
    passed += tally.passed;
    failed += failures;
    const mark = failures > 0 ? 'FAIL' : 'ok  ';
    const times = tally.times.map(({ what, ms }) => `${what} ${formatDuration(ms)}`).join(', ');
    console.log(
      `  ${mark} ${tally.label.padEnd(28)} ${tally.passed} passed, ${failures} failed, ${tally.skipped} skipped` +
        (times ? `  (${times})` : ''),
    );
    for (const problem of tally.problems) console.log(`         ! ${problem}`);
    for (const { name, reason } of tally.failedTests.slice(0, MAX_LISTED_FAILURES)) {
      console.log(`         x ${name}`);
      for (const line of reason) console.log(`             ${line}`);
    }
    if (tally.failedTests.length > MAX_LISTED_FAILURES) {
      console.log(`         ... and ${tally.failedTests.length - MAX_LISTED_FAILURES} more`);
    }
    for (const name of tally.flaky) console.log(`         ~ flaky (passed on retry): ${name}`);
  }
  if (tallies.length === 0) console.log('  (no test reports and no packages with a test script)');

  if (options.exitCode !== null && options.exitCode !== 0 && failed === 0) {
    failed += 1;
    console.log(
      `  FAIL the test command exited ${options.exitCode} although no report lists a failure ` +
        '(an unhandled error, or a failure outside the tests): see its output above',
    );
  }

  const total = tallies.flatMap((tally) => tally.times).reduce((sum, { ms }) => sum + ms, 0);
  if (total > 0)
    console.log(`  time in the test runners: ${formatDuration(total)} (builds and installs not included)`);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main();
