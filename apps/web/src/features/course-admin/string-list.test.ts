import { describe, expect, it } from 'vitest';
import { addRow, moveRow, removeRow, updateRow, withAtLeastOneRow } from './string-list';

describe('the list-of-rows rules', () => {
  it('always has at least one row', () => {
    expect(withAtLeastOneRow([])).toEqual(['']);
    expect(withAtLeastOneRow(undefined)).toEqual(['']);
    expect(withAtLeastOneRow(['a'])).toEqual(['a']);
  });

  it('adds an empty row at the end and edits one row', () => {
    expect(addRow(['a'])).toEqual(['a', '']);
    expect(updateRow(['a', 'b'], 1, 'c')).toEqual(['a', 'c']);
    expect(updateRow(['a'], 3, 'c')).toEqual(['a']);
  });

  it('removes a row but never the last one', () => {
    expect(removeRow(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeRow(['a'], 0)).toEqual(['a']);
    expect(removeRow([''], 0)).toEqual(['']);
    expect(removeRow(['a', 'b'], 5)).toEqual(['a', 'b']);
  });

  it('moves rows up and down within bounds', () => {
    expect(moveRow(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('does not change its input', () => {
    const items = ['a', 'b'];
    moveRow(items, 0, 1);
    removeRow(items, 0);
    addRow(items);
    expect(items).toEqual(['a', 'b']);
  });
});
