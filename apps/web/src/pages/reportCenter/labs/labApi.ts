import type { LabKind, ListPage } from './types';
import { api } from '../../../api';

/** One ketone or uric acid reading as the list shows it. */
export interface LabRecord {
  id: string;
  value: number;
  remark: string;
  createTime: string;
}

/** The list call of a kind (`/ketoneTest/v1/pageQueryList` or `/urineTest/v1/pageQueryList`). */
export async function loadLabPage(
  kind: LabKind,
  query: { createStartTime: string; createEndTime: string; pageNo: number; pageSize: number },
): Promise<ListPage<LabRecord>> {
  if (kind === 'ketone') {
    const page = await api().GET('/ketoneTest/v1/pageQueryList', { params: { query } });
    return {
      ...page,
      items: page.items.map((item) => ({
        id: item.id,
        value: item.ketone,
        remark: item.remark,
        createTime: item.createTime,
      })),
    };
  }
  const page = await api().GET('/urineTest/v1/pageQueryList', { params: { query } });
  return {
    ...page,
    items: page.items.map((item) => ({
      id: item.id,
      value: item.urine,
      remark: item.remark,
      createTime: item.createTime,
    })),
  };
}

/** The save call of a kind; an empty value is sent as null (the server answers the spec's message). */
export async function saveLab(
  kind: LabKind,
  input: { value: number | null; createTimeStr: string; remark: string },
): Promise<void> {
  if (kind === 'ketone') {
    await api().POST('/ketoneTest/v1/add', {
      body: { ketone: input.value, createTimeStr: input.createTimeStr, remark: input.remark },
    });
  } else {
    await api().POST('/urineTest/v1/add', {
      body: { urine: input.value, createTimeStr: input.createTimeStr, remark: input.remark },
    });
  }
}

/** The delete call of a kind (`/ketoneTest/v1/delete` or `/urineTest/v1/delete`); the app asks first. */
export async function deleteLab(kind: LabKind, id: string): Promise<void> {
  if (kind === 'ketone') {
    await api().POST('/ketoneTest/v1/delete', { body: { id } });
  } else {
    await api().POST('/urineTest/v1/delete', { body: { id } });
  }
}
