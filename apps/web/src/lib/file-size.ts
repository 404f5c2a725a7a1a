/** A file's size as people read it: 920 bytes, 48 kB, 3.4 MB (decimal units, like file managers). */
import { DATE_LOCALE } from '@lectio/contracts/constants';

const UNITS = [
  ['gigabyte', 1e9],
  ['megabyte', 1e6],
  ['kilobyte', 1e3],
] as const;

const formats = new Map<string, Intl.NumberFormat>();

export function formatFileSize(bytes: number): string {
  for (const [unit, size] of UNITS) {
    if (bytes >= size) {
      let format = formats.get(unit);
      if (!format) {
        format = new Intl.NumberFormat(DATE_LOCALE, { style: 'unit', unit, maximumFractionDigits: 1 });
        formats.set(unit, format);
      }
      return format.format(bytes / size);
    }
  }
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}
