import { Grid } from 'antd-mobile';
import { Carousel } from './carousel';
import type { ReactNode } from 'react';
import styles from './entry-grid.module.css';

/** Home tiles come in pages of 6 (spec 9: home tiles 6 per page). */
export const ENTRY_GRID_PAGE_SIZE = 6;

export interface EntryTile {
  key: string;
  title: string;
  icon: ReactNode;
}

export interface EntryGridProps<T extends EntryTile> {
  tiles: readonly T[];
  onSelect: (tile: T) => void;
  /** Tiles per page; 6 by default. */
  pageSize?: number;
  /** Tiles per row; 3 by default. */
  columns?: number;
}

/** Splits `items` into consecutive pages of `size` (the last page may be shorter). */
export function paginate<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`page size must be a positive integer, got ${size}`);
  }
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    pages.push(items.slice(start, start + size));
  }
  return pages;
}

/**
 * A grid of entry tiles (icon above a title) in pages; more than one page becomes a
 * swipeable carousel with a page indicator.
 */
export function EntryGrid<T extends EntryTile>({
  tiles,
  onSelect,
  pageSize = ENTRY_GRID_PAGE_SIZE,
  columns = 3,
}: EntryGridProps<T>) {
  const pages = paginate(tiles, pageSize);
  const renderPage = (page: readonly T[], index: number) => (
    <Grid columns={columns} gap={[0, 12]} data-testid={`entry-grid-page-${index + 1}`}>
      {page.map((tile) => (
        <Grid.Item key={tile.key}>
          <button type="button" onClick={() => onSelect(tile)} className={styles.renderPageButton}>
            <span aria-hidden="true" className={styles.renderPageText}>
              {tile.icon}
            </span>
            <span>{tile.title}</span>
          </button>
        </Grid.Item>
      ))}
    </Grid>
  );

  if (pages.length <= 1) {
    return <div>{renderPage(pages[0] ?? [], 0)}</div>;
  }
  return (
    <Carousel className={styles.entryGridCarousel}>
      {pages.map((page, index) => (
        <div key={page.map((tile) => tile.key).join('|')}>{renderPage(page, index)}</div>
      ))}
    </Carousel>
  );
}
