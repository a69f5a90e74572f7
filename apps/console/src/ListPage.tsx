// The frame of the console's list pages (药店, 网店, 订单管理, 报修处理…): the title, 刷新 and, on the
// pages that add rows, the add button, above the page's own content (filters, a note, the table).
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table, Typography } from 'antd';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { ReactNode } from 'react';
import styles from './ListPage.module.css';

export function ListPage({
  title,
  addLabel,
  onReload,
  onAdd,
  children,
}: {
  title: string;
  /** The add button's text; without it (and `onAdd`) the page only lists. */
  addLabel?: string;
  onReload: () => void;
  onAdd?: () => void;
  children: ReactNode;
}) {
  return (
    <Card
      title={
        <Typography.Title level={4} className={styles.title}>
          {title}
        </Typography.Title>
      }
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={onReload}>
            刷新
          </Button>
          {addLabel !== undefined && onAdd !== undefined ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {addLabel}
            </Button>
          ) : null}
        </Space>
      }
    >
      {children}
    </Card>
  );
}

/**
 * A table's pager over a list the API pages: one fixed page size, the total counted in `unit`
 * (共 12 条 / 共 12 单), the page chosen handed back.
 */
export function serverPagination({
  pageNo,
  pageSize,
  total,
  unit,
  onChange,
}: {
  pageNo: number;
  pageSize: number;
  total: number;
  unit: string;
  onChange: (pageNo: number) => void;
}): TablePaginationConfig {
  return {
    current: pageNo,
    pageSize,
    total,
    showSizeChanger: false,
    showTotal: (count) => `共 ${count} ${unit}`,
    onChange,
  };
}

/**
 * A list page's table over the page the API answers (`{ items, total }`, as useConsoleData loads it)
 * with its pager (serverPagination); the row key, columns, scroll, expanded rows and empty text are the
 * page's own.
 */
export function PagedTable<T extends object>({
  list,
  pageNo,
  pageSize,
  unit,
  onPageChange,
  ...table
}: {
  list: { data?: { items: readonly T[]; total: number }; loading: boolean };
  pageNo: number;
  pageSize: number;
  unit: string;
  onPageChange: (pageNo: number) => void;
} & Pick<TableProps<T>, 'rowKey' | 'className' | 'columns' | 'scroll' | 'locale' | 'expandable'>) {
  return (
    <Table<T>
      {...table}
      dataSource={list.data?.items ?? []}
      loading={list.loading}
      pagination={serverPagination({ pageNo, pageSize, total: list.data?.total ?? 0, unit, onChange: onPageChange })}
    />
  );
}

/**
 * A list's keyword search box with its 搜索 button, named by what it finds (手机号, IMEI…): hands
 * back the trimmed text, or undefined when it is cleared. `maxLength` is the field's own limit (40
 * unless the API allows fewer, e.g. a 20-character title).
 */
export function KeywordSearch({
  label,
  className,
  maxLength = 40,
  onSearch,
}: {
  label: string;
  className?: string;
  maxLength?: number;
  onSearch: (keyword: string | undefined) => void;
}) {
  return (
    <Input.Search
      className={className}
      allowClear
      enterButton="搜索"
      maxLength={maxLength}
      placeholder={label}
      aria-label={label}
      onSearch={(text) => onSearch(text.trim() || undefined)}
    />
  );
}

/**
 * A list's filter row: the keyword search (KeywordSearch, `keyword`) and one select (`choice`) whose
 * 'all' option means no filter, each handing back its value (undefined for 'all' or a cleared search).
 * The select keeps its own value unless `value` is given (a drawer shown again for another row).
 * `onFilter` follows either change: the list goes back to its first page.
 */
export function ListFilters<T extends string | number>({
  keyword,
  choice,
  onFilter,
}: {
  keyword?: { label: string; onSearch: (keyword: string | undefined) => void };
  choice?: {
    label: string;
    options: readonly { value: T | 'all'; label: string }[];
    defaultValue?: T | 'all';
    value?: T | 'all';
    loading?: boolean;
    onChange: (value: T | undefined) => void;
  };
  onFilter: () => void;
}) {
  return (
    <Space className={styles.filters} wrap>
      {keyword ? (
        <KeywordSearch
          label={keyword.label}
          className={styles.keyword}
          onSearch={(text) => {
            keyword.onSearch(text);
            onFilter();
          }}
        />
      ) : null}
      {choice ? (
        <Select<T | 'all'>
          className={styles.select}
          aria-label={choice.label}
          defaultValue={choice.defaultValue ?? 'all'}
          {...(choice.value === undefined ? {} : { value: choice.value })}
          loading={choice.loading}
          options={[...choice.options]}
          onChange={(value) => {
            choice.onChange(value === 'all' ? undefined : value);
            onFilter();
          }}
        />
      ) : null}
    </Space>
  );
}
