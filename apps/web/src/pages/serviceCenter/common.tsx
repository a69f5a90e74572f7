import { isApiError } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useApiData } from '../../hooks/useApiData';
import type { ApiData } from '../../hooks/useApiData';
import styles from './afterSales.module.css';

/** A positive whole number from the address's query (`productId=3`), else null. */
export function useQueryId(name: string): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The model the address's `productId` names (getProductDetail), for the manual, instructions and
 * guide pages: `product` is null when the address names none (then {@link Loaded} says it is missing).
 */
export function useQueriedProduct() {
  const productId = useQueryId('productId');
  const product = useApiData(
    () => api().GET('/product/v1/getProductDetail', { params: { query: { productId: productId ?? 0 } } }),
    ['product', productId],
    { enabled: productId !== null },
  );
  return { productId, product: productId === null ? null : product };
}

/**
 * What a page shows of one read: the loader, a failure with 重新加载, the `missing` text when the
 * address names nothing (no id, or the API answered 40400), or the page itself.
 */
export function Loaded<T>({
  read,
  missing,
  children,
}: {
  read: ApiData<T> | null;
  missing: string;
  children: (data: T) => ReactNode;
}) {
  if (read === null || isNotFound(read.error)) {
    return <EmptyState title={missing} />;
  }
  if (read.data !== null) {
    return <>{children(read.data)}</>;
  }
  if (read.failed) {
    return (
      <EmptyState title="加载失败，请检查网络后重试">
        <Button color="primary" fill="outline" onClick={read.reload}>
          重新加载
        </Button>
      </EmptyState>
    );
  }
  return <PageLoading />;
}

function isNotFound(error: unknown): boolean {
  return isApiError(error, 40400);
}

/** A white card of a page, with an optional heading. */
export function Card({ title, children, label }: { title?: string; label?: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-label={label ?? title}>
      {title ? <h2 className={styles.cardTitle}>{title}</h2> : null}
      {children}
    </section>
  );
}

/** The first character of a name in a coloured square, for an item without a picture. */
export function NameMark({ name }: { name: string }) {
  return (
    <span className={styles.mark} aria-hidden="true">
      {Array.from(name)[0] ?? ''}
    </span>
  );
}
