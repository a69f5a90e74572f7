import type { Db } from '../../../lib/db';
import { FollowRepository } from '../follow/follow.repository';
import { followerVo } from '../follow/follow.service';
import { NoticeRepository } from '../notice/notice.repository';

/**
 * What the badge counts that lives outside social: the caller's unread chat messages are care's,
 * which social may not import (contexts README), so the composition root passes the count in.
 */
export interface BadgeSources {
  chatUnread(db: Db, customerId: string): Promise<number>;
}

/**
 * What the mine tab's badge counts (spec 1 §2.2; ADRs 0104 and 0152): the unread notices, the
 * follow requests waiting for the caller's decision and the unread chat messages of the caller's
 * consultations, with the newest request for the home page. A follow-request notice is not counted
 * again: the pending request itself stands for it, and stays counted until it is decided, read or not.
 */
export async function unreadBadge(db: Db, customerId: string, sources: BadgeSources) {
  const notices = await new NoticeRepository(db).unreadBesides(customerId, 'followRequest');
  const [rows, followRequests] = await new FollowRepository(db).page('patient', customerId, ['pending'], 1, 1);
  const chats = await sources.chatUnread(db, customerId);
  const newest = rows[0];
  return {
    total: notices + followRequests + chats,
    notices,
    followRequests,
    chats,
    followRequest: newest === undefined ? null : followerVo(newest),
  };
}
