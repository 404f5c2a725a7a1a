/**
 * The requirements and learning-points lists of the edit form (spec section 5): rows can be added, moved
 * up or down and removed, and the list never has fewer than one (possibly empty) row.
 */

/** At least one row: an empty or missing list becomes one empty row. */
export function withAtLeastOneRow(items: readonly string[] | null | undefined): string[] {
  return items && items.length > 0 ? [...items] : [''];
}

export function addRow(items: readonly string[]): string[] {
  return [...items, ''];
}

export function updateRow(items: readonly string[], index: number, value: string): string[] {
  if (index < 0 || index >= items.length) return [...items];
  return items.map((item, position) => (position === index ? value : item));
}

/** Removes the row, except the last remaining one. */
export function removeRow(items: readonly string[], index: number): string[] {
  if (items.length <= 1 || index < 0 || index >= items.length) return withAtLeastOneRow(items);
  return items.filter((_, position) => position !== index);
}

/** Swaps the row with its neighbour above (-1) or below (+1); out-of-range moves change nothing. */
export function moveRow(items: readonly string[], index: number, direction: -1 | 1): string[] {
  const target = index + direction;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const moving = next[index] as string;
  next[index] = next[target] as string;
  next[target] = moving;
  return next;
}
