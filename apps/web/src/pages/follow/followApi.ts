import { FOLLOW_MESSAGES, validateFriendNote } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { showError, toast } from '../../ui/toast';

export type Follow = Schema<'Friend'>;

/** The friend list (spec 2 §2.15). */
export const FOLLOWING_LIST_PATH = '/friend/friendList';
/** The patient's own page: requests to follow them and who may see their data. */
export const FOLLOWERS_PATH = '/friend/followers';
export const FOLLOW_SEARCH_PATH = '/friend/searchFriend';

/** The friend details page of a follow, with the query the spec gives it (id, name, isReceive, customerId). */
export function followingDetailsPath(follow: Pick<Follow, 'id' | 'customerNote' | 'isReceive' | 'customerId'>): string {
  const query = new URLSearchParams({
    id: follow.id,
    name: follow.customerNote,
    isReceive: String(follow.isReceive),
    customerId: follow.customerId,
  });
  return `/friendDetails?${query.toString()}`;
}

/** The read-only report of a followed patient (spec: query id = the patient, name), on its pressure tab with `tab`. */
export function followingReportPath(customerId: string, name: string, tab: 'sugar' | 'pressure' = 'sugar'): string {
  const query = new URLSearchParams({ id: customerId, name, ...(tab === 'pressure' ? { tab } : {}) });
  return `/friend/friendReportList?${query.toString()}`;
}

/** Saves a new note name after the domain's check; answers the follow as saved, or null. */
export async function saveNote(id: string, note: string): Promise<Follow | null> {
  const check = validateFriendNote(note);
  if (!check.ok) {
    toast(check.message);
    return null;
  }
  try {
    return await api().POST('/follower/v1/editIFocus', { body: { id, customerNote: note.trim() } });
  } catch (error) {
    showError(error);
    return null;
  }
}

/** Turns the reading notices of a follow on or off; answers the follow as saved, or null. */
export async function saveReceive(id: string, isReceive: 0 | 1): Promise<Follow | null> {
  try {
    const saved = await api().POST('/follower/v1/editIFocus', { body: { id, isReceive } });
    toast(isReceive === 1 ? '已开启测量提醒' : '已关闭测量提醒');
    return saved;
  } catch (error) {
    showError(error);
    return null;
  }
}

/** Stops following; answers whether it worked. */
export async function unfollow(id: string): Promise<boolean> {
  try {
    await api().POST('/follower/v1/del', { body: { id } });
    toast('已删除');
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

export const FOLLOW_TEXTS = {
  waiting: '等待对方同意',
  deleteConfirm: '删除后将不再查看对方的健康数据，也不再收到对方的测量提醒，确定删除吗？',
  empty: FOLLOW_MESSAGES.emptyFriends,
} as const;
