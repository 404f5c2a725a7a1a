/**
 * The Chromium builds the suite launches, in order of preference, read by scripts/run-e2e.mjs and
 * playwright.config.ts (decision 0083). Debian's headless shell is Chromium's own headless build without
 * the desktop browser around it (what Playwright itself launches for headless runs): the same Blink
 * engine at about three quarters of the full browser's CPU time, which on a 2-core machine is most of
 * the suite's time. The full browser is the fallback.
 */
export const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The Debian package run-e2e.mjs, .ci/run and the preflight install when none of them is present. */
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';
