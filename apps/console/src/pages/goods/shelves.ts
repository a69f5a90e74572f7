// The mall's containers (商城) and categories (分类), shown and hidden, as the goods pages need
// them: for the filters, the form's pickers and the names in the table. One load of each.
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import { base64Of } from './goodsImages';

export type Container = Schema<'GoodsContainer'>;
export type Category = Schema<'GoodsCategory'>;

export interface Shelves {
  containers: Container[];
  categories: Category[];
}

/** Shown or hidden, as the console labels a container's or category's status. */
export const SHELF_STATUS_LABELS: Record<0 | 1, string> = { 1: '显示', 0: '隐藏' };

/** Every container and every category, loaded together. */
export function useShelves() {
  return useConsoleData<Shelves>(async (signal) => {
    const [containers, categories] = await Promise.all([
      api.GET('/console/v1/goodsContainers', { signal }),
      api.GET('/console/v1/goodsCategories', { signal }),
    ]);
    return { containers: containers.items, categories: categories.items };
  });
}

/** The categories of one container (of all when none is chosen). */
export function categoriesOf(shelves: Shelves | undefined, containerId: number | undefined): Category[] {
  return (shelves?.categories ?? []).filter(
    (category) => containerId === undefined || category.containerId === containerId,
  );
}

/** Stores a picture through the goods upload operation and answers its stored path. */
export async function uploadGoodsImage(file: Blob): Promise<string> {
  const { path } = await api.POST('/console/v1/goodsImages', { body: { data: await base64Of(file) } });
  return path;
}
