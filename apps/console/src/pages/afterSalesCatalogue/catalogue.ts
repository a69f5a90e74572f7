// The after-sales catalogue as the console's pages need it: the rows of the API (openapi.yaml's
// Console* schemas), their labels, the product types loaded once for the pickers, and the uploads
// (pictures and the manual PDF) that store a file as soon as it is picked and answer its path.
import type { Schema } from '@glucoguard/sdk';
import { DEVICE_TYPES } from '@glucoguard/domain';
import { api, largeUploadApi } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import { base64Of } from '../goods/goodsImages';

export type Category = Schema<'ConsoleProductCategory'>;
export type Product = Schema<'ConsoleProduct'>;
export type Guide = Schema<'ConsoleGuide'>;
export type Banner = Schema<'ConsoleBanner'>;
export type Platform = Schema<'ConsoleGuaranteePlatform'>;
export type Guarantee = Schema<'ConsoleGuarantee'>;
export type Shop = Schema<'ConsoleShop'>;
export type Policy = Schema<'ConsoleServicePolicy'>;
export type GuideType = Schema<'GuideType'>;
export type RowStatus = Schema<'AfterSalesStatus'>;

/** A catalogue row's status as the console labels it: shown to patients, or hidden. */
export const STATUS_LABELS: Record<RowStatus, string> = { 1: '显示', 0: '隐藏' };

/** The two kinds of guide. */
export const GUIDE_TYPE_LABELS: Record<GuideType, string> = { 1: '使用指南', 2: '常见故障' };

/** The device types of a model (the domain's DEVICE_TYPES codes), in Chinese. */
export const DEVICE_TYPE_LABELS: Record<(typeof DEVICE_TYPES)[keyof typeof DEVICE_TYPES], string> = {
  [DEVICE_TYPES.bloodGlucoseMeter]: '血糖仪',
  [DEVICE_TYPES.bloodPressureMonitor]: '血压计',
  [DEVICE_TYPES.weightScale]: '体重秤',
  [DEVICE_TYPES.fatScale]: '体脂秤',
  [DEVICE_TYPES.pedometer]: '计步器',
  [DEVICE_TYPES.oximeter]: '血氧仪',
  [DEVICE_TYPES.ecg]: '心电仪',
};

export const DEVICE_TYPE_OPTIONS = Object.entries(DEVICE_TYPE_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** The brands whose policy and banners the console edits: sourceId 3 the health brand, 4 the medical one. */
export const BRAND_LABELS: Record<3 | 4, string> = { 4: '医疗品牌（默认）', 3: '健康品牌' };

/** The PDF upload takes up to 20 MB (the API refuses more with 文件不能超过20MB). */
export const MANUAL_MAX_BYTES = 20 * 1024 * 1024;

/** A manual has at most this many page images (ProductInput.manualImages). */
export const MANUAL_PAGES_MAX = 60;

/** Every product type, shown and hidden, for the pickers and the names in tables. */
export function useCategories() {
  return useConsoleData(async (signal) => (await api.GET('/console/v1/after-sales/categories', { signal })).items);
}

/** The console lists at most this many rows a page; the model pickers read every page. */
const PICKER_PAGE_SIZE = 50;

/** Every model (of one type, or of all), for the pickers and the names in tables. */
export function useAllProducts(categoryId?: number, enabled = true) {
  return useConsoleData<Product[]>(
    async (signal) => {
      const found: Product[] = [];
      for (let pageNo = 1; enabled; pageNo += 1) {
        const page = await api.GET('/console/v1/after-sales/products', {
          params: { query: { categoryId, pageNo, pageSize: PICKER_PAGE_SIZE } },
          signal,
        });
        found.push(...page.items);
        if (pageNo >= page.totalPage) {
          break;
        }
      }
      return found;
    },
    [categoryId, enabled],
  );
}

/** The name of a product type by id ('' when unknown). */
export function categoryName(categories: readonly Category[] | undefined, id: number | null | undefined): string {
  return categories?.find((category) => category.id === id)?.name ?? '';
}

/** Stores an after-sales picture (icon, banner, credential, warranty card, manual page) and answers its path. */
export async function uploadAfterSalesImage(file: Blob): Promise<string> {
  const { path } = await api.POST('/console/v1/after-sales/images', { body: { data: await base64Of(file) } });
  return path;
}

/**
 * Stores a manual PDF and answers its path (the API checks the bytes are a PDF); up to 20 MB, so
 * with the large-upload time-out rather than the default one.
 */
export async function uploadManual(file: Blob): Promise<string> {
  const { path } = await largeUploadApi.POST('/console/v1/after-sales/manuals', {
    body: { data: await base64Of(file) },
  });
  return path;
}

/** The file name a stored path ends in, for showing an uploaded manual. */
export function fileNameOf(path: string): string {
  return path.split('/').at(-1) ?? path;
}
