/** The list-of-rows editor on its own: add, move, remove, and never fewer than one row. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StringListEditor } from './StringListEditor';

function Harness({ initial, onItems }: { initial: string[]; onItems?: (items: string[]) => void }) {
  const [items, setItems] = useState(initial);
  return (
    <StringListEditor
      id="reqs"
      legend="Requirements"
      itemLabel="Requirement"
      items={items}
      onChange={(next) => {
        setItems(next);
        onItems?.(next);
      }}
    />
  );
}

const values = () =>
  within(screen.getByRole('group', { name: 'Requirements' }))
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);

describe('StringListEditor', () => {
  it('shows one empty row for an empty list, and that row cannot be removed', () => {
    render(<Harness initial={[]} />);
    expect(values()).toEqual(['']);
    expect(screen.getByRole('button', { name: 'Remove Requirement 1' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Requirement 1 up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Requirement 1 down' })).toHaveProperty('disabled', true);
  });

  it('adds, edits, moves and removes rows, keeping focus on the moved row', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['a', 'b']} />);
    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    await user.type(screen.getByRole('textbox', { name: 'Requirement 3' }), 'c');
    expect(values()).toEqual(['a', 'b', 'c']);

    const up = screen.getByRole('button', { name: 'Move Requirement 3 up' });
    await user.click(up);
    expect(values()).toEqual(['a', 'c', 'b']);
    // The row's DOM node moved with it, so the button that was pressed still has focus.
    expect(document.activeElement).toBe(up);

    await user.click(screen.getByRole('button', { name: 'Move Requirement 1 down' }));
    expect(values()).toEqual(['c', 'a', 'b']);

    await user.click(screen.getByRole('button', { name: 'Remove Requirement 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove Requirement 1' }));
    expect(values()).toEqual(['b']);
    const last = screen.getByRole('button', { name: 'Remove Requirement 1' });
    expect(last).toHaveProperty('disabled', true);
    await user.click(last);
    expect(values()).toEqual(['b']);
  });
});
