import type { Db } from '../../../lib/db';
import { FollowRepository } from '../follow/follow.repository';
import { followerVo } from '../follow/follow.service';
import { NoticeRepository } from '../notice/notice.repository';

/**
 * What the mine tab's badge counts (spec 1 §2.2; ADR 0104): the unread notices and the follow
 * requests waiting for the caller's decision, with the newest request for the home page. A
 * follow-request notice is not counted again: the pending request itself stands for it, and stays
 * counted until it is decided, read or not. Chat messages join the sum when consultations come.
 */
export async function unreadBadge(db: Db, customerId: string) {
  const notices = await new NoticeRepository(db).unreadBesides(customerId, 'followRequest');
  const [rows, followRequests] = await new FollowRepository(db).page('patient', customerId, ['pending'], 1, 1);
  const newest = rows[0];
  return {
    total: notices + followRequests,
    notices,
    followRequests,
    followRequest: newest === undefined ? null : followerVo(newest),
  };
}
