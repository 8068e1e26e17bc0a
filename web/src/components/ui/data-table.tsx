import type { ReactNode } from 'react';

export type Column<Row> = {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
};

const isEmpty = (content: ReactNode) =>
  content === null || content === undefined || content === false || content === '';

/**
 * A table that becomes one card per row where it has little room (no sideways scrolling at
 * 360 px; a container query, so a narrow dashboard column counts too). In the card view CSS
 * shows each cell's `data-label` before it, with empty alternative text: screen readers read the
 * real column headers, and cells keep their text and accessible name. The explicit roles keep
 * the table's semantics in browsers that drop them when CSS changes how a table is displayed.
 */
export function DataTable<Row extends { _id: string }>({
  columns,
  rows,
}: {
  columns: Column<Row>[];
  rows: Row[];
}) {
  return (
    <div className="table-wrap">
      <div className="table-scroll">
        <table className="table" role="table">
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) => (
                <th key={column.header} scope="col" role="columnheader">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row, index) => (
              <tr key={row._id} role="row">
                {columns.map((column) => {
                  const content = column.cell(row, index);
                  return isEmpty(content) ? (
                    <td key={column.header} role="cell" className="table__cell--empty" />
                  ) : (
                    <td key={column.header} role="cell" data-label={column.header}>
                      <div className="table__value">{content}</div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
