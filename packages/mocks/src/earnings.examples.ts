/**
 * The earnings.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import type { NamespaceExamples } from './openapi-examples.js';

export const earningsExamples: NamespaceExamples<'earnings'> = {
  instructor: { input: {} },
  setFeePercent: {
    input: { percent: 25 },
    output: { feePercent: 25 },
  },
};
