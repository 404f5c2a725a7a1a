import { describe, expect, it } from 'vitest';
import { instructorReversal, splitSale } from '../src/revenue-split';

describe('splitSale', () => {
  it('gives the platform its percent of the net, rounded half up, and the instructor the rest of it', () => {
    expect(splitSale(10_000, 0, 20)).toEqual({
      grossMinor: 10_000,
      feeMinor: 0,
      platformCutMinor: 2_000,
      instructorShareMinor: 8_000,
    });
    // Net 9,675: 20% is 1,935 exactly; 30% is 2,902.5, which rounds up.
    expect(splitSale(10_000, 325, 20)).toMatchObject({
      platformCutMinor: 1_935,
      instructorShareMinor: 7_740,
    });
    expect(splitSale(10_000, 325, 30)).toMatchObject({
      platformCutMinor: 2_903,
      instructorShareMinor: 6_772,
    });
  });

  it('never lets the fee exceed the gross nor go below zero, and accounts for every unit', () => {
    for (const [gross, fee, percent] of [
      [1, 0, 50],
      [3, 1, 33],
      [99_999, 2_999, 17],
      [500, 900, 20],
      [500, -5, 20],
      [0, 0, 20],
      [12_345, 0, 0],
      [12_345, 45, 100],
    ] as const) {
      const split = splitSale(gross, fee, percent);
      expect(split.feeMinor).toBeGreaterThanOrEqual(0);
      expect(split.feeMinor).toBeLessThanOrEqual(gross);
      expect(split.feeMinor + split.platformCutMinor + split.instructorShareMinor).toBe(gross);
      expect(split.instructorShareMinor).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses a percent outside 0-100 or a bad amount', () => {
    expect(() => splitSale(100, 0, 101)).toThrow(RangeError);
    expect(() => splitSale(100, 0, 12.5)).toThrow(RangeError);
    expect(() => splitSale(-1, 0, 20)).toThrow(RangeError);
  });
});

describe('instructorReversal', () => {
  const sale = { grossMinor: 1_000, instructorShareMinor: 777 };

  it('takes back the whole share on a full refund, in one go or in any parts', () => {
    expect(instructorReversal(sale, 0, 1_000)).toBe(777);
    for (const parts of [
      [1, 999],
      [333, 333, 334],
      [999, 1],
      Array.from({ length: 10 }, () => 100),
      Array.from({ length: 1_000 }, () => 1),
    ]) {
      let refunded = 0;
      let takenBack = 0;
      for (const part of parts) {
        const step = instructorReversal(sale, refunded, part);
        expect(step).toBeGreaterThanOrEqual(0);
        takenBack += step;
        refunded += part;
      }
      expect(takenBack).toBe(777);
    }
  });

  it('takes back in proportion to the part refunded', () => {
    expect(instructorReversal(sale, 0, 500)).toBe(389);
    expect(instructorReversal(sale, 500, 500)).toBe(388);
  });

  it('refuses to refund more than the gross, or nothing', () => {
    expect(() => instructorReversal(sale, 600, 401)).toThrow(RangeError);
    expect(() => instructorReversal(sale, 0, 0)).toThrow(RangeError);
  });
});
