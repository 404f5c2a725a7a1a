import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('reads bytes, kilobytes, megabytes and gigabytes', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(920)).toBe('920 bytes');
    expect(formatFileSize(48_213)).toBe('48.2 kB');
    expect(formatFileSize(3_400_000)).toBe('3.4 MB');
    expect(formatFileSize(2_000_000_000)).toBe('2 GB');
  });
});
