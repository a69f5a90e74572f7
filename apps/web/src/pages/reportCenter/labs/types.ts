export type { LabKind } from '@glucoguard/domain';
export type { ListPage } from '@glucoguard/ui';

/** What the report center's bottom tab asks a lab view to show. */
export type LabViewMode = 'table' | 'chart';
