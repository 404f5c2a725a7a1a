/** Factories for the setup.* operations' answers (see sequence.ts for ids and dates). */
import type { SetupStatus } from '@lectio/contracts/setup';
import { given } from './sequence.js';

export type { SetupStatus };

/** The `setup.status` output: by default a server that has its admin (`{ needsSetup: true }` for a new one). */
export function buildSetupStatus(overrides: Partial<SetupStatus> = {}): SetupStatus {
  return { needsSetup: false, ...given(overrides) };
}
