/** StackedTable: one declaration of columns gives the wide table and the narrow blocks; `false` columns go. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackedTable } from './StackedTable';

interface Sale {
  id: string;
  course: string;
  sales: number;
}

const rows: Sale[] = [
  { id: 'a', course: 'React', sales: 4 },
  { id: 'b', course: 'Docker', sales: 1 },
];

function renderTable(withSales: boolean) {
  render(
    <StackedTable
      breakpoint="sm"
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        { label: 'Course', cell: (row) => row.course },
        withSales && { label: 'Sales', numeric: true, cell: (row) => String(row.sales) },
        { label: 'Code', cell: (row) => row.id.toUpperCase() },
      ]}
    />,
  );
}

describe('StackedTable', () => {
  it('heads each table row with the first column and right-aligns numeric cells', () => {
    renderTable(true);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['CourseSalesCode', 'React4A', 'Docker1B']);
    expect(within(table).getByRole('rowheader', { name: 'React' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Sales' }).className).toContain('text-right');
    expect(within(table).getByRole('cell', { name: '4' }).className).toContain('tabular-nums');
  });

  it('gives the same rows as blocks: the first column as the title, the others as label and value', () => {
    renderTable(true);
    const [react] = screen.getAllByRole('listitem');
    if (!react) throw new Error('no blocks');
    expect(within(react).getByText('React', { selector: 'p' })).toBeInTheDocument();
    expect(
      within(react)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Sales', 'Code']);
    expect(
      within(react)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['4', 'A']);
  });

  it('leaves out a false column in both', () => {
    renderTable(false);
    expect(screen.queryByRole('columnheader', { name: 'Sales' })).toBeNull();
    expect(screen.queryByRole('term', { name: 'Sales' })).toBeNull();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Code', 'Code']);
  });
});
