import type { Key, ReactNode } from 'react';
import styles from './data-table.module.css';
import { tokens } from './tokens';

/** One column of a {@link DataTable}. */
export interface DataTableColumn<Row> {
  key: string;
  title: ReactNode;
  /** The cell's content; `row[key]` as text by default. */
  render?: (row: Row) => ReactNode;
  /** A background colour for the cell (e.g. a reading's band); none by default. */
  colour?: (row: Row) => string | undefined;
  width?: number | string;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** Makes each row a button (e.g. to open a day's readings). */
  onRowClick?: (row: Row) => void;
  /** Accessible name of a clickable row. */
  rowLabel?: (row: Row) => string;
  'aria-label'?: string;
}

/** A cell value as text: strings and numbers as they are, anything else blank. */
function plain(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * A column width in px is written for normal text; it grows with the text (`--gg-text-scale`, 1.4 in
 * 长辈模式), so a date column still holds its date on one line.
 */
function scaledWidth(width: number | string | undefined): string | undefined {
  return typeof width === 'number' ? `calc(${width}px * var(--gg-text-scale, 1))` : width;
}

/** A compact table for phone screens: fixed columns, optional per-cell colour and clickable rows. */
export function DataTable<Row>({ columns, rows, rowKey, onRowClick, rowLabel, ...aria }: DataTableProps<Row>) {
  return (
    <table aria-label={aria['aria-label']} className={styles.dataTableTable}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              className={`${styles.cell} ${styles.head}`}
              style={{ width: scaledWidth(column.width) }}
            >
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr
            key={rowKey(row, index)}
            aria-label={rowLabel?.(row)}
            role={onRowClick ? 'button' : undefined}
            tabIndex={onRowClick ? 0 : undefined}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
            onKeyDown={
              onRowClick
                ? (event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      onRowClick(row);
                    }
                  }
                : undefined
            }
            className={onRowClick ? styles.clickable : undefined}
          >
            {columns.map((column) => {
              const colour = column.colour?.(row);
              return (
                <td
                  key={column.key}
                  data-colour={colour}
                  className={styles.cell}
                  style={{ color: colour === undefined ? undefined : tokens.colorWhite, background: colour }}
                >
                  {column.render ? column.render(row) : plain((row as Record<string, unknown>)[column.key])}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
