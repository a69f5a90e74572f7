/*
 * The demo relative follows the demo patient, with the patient's consent, so the friends screens,
 * the feed and the notices have something to show after `npm start`: an accepted follow with a
 * note name, a like, a comment with the patient's reply, and a notice of the latest reading. Built
 * through the same services the API uses; runs at every start and changes nothing once done.
 */
import type { EntityManager } from '@mikro-orm/core';
import { feedPostId } from '@glucoguard/domain';
import { withSubjectLock } from '../lib/db';
import { LocalIdentityProvider } from '../providers/wechat/local';
import { Customer } from '../contexts/identity/customer/customer.entity';
import { Follow } from '../contexts/social/follow/follow.entity';
import { notifyFollowersOfReading } from '../contexts/social/notice/notice.service';
import { SugarTest } from '../contexts/health/readings/glucose.entity';
import { addComment, addPraise } from '../contexts/social/feed/feed.service';
import { DEMO_DEVICE_KEYS, type DemoSeedOptions } from './demo';

const DAY_MS = 86_400_000;

async function registered(
  em: EntityManager,
  identity: LocalIdentityProvider,
  deviceKey: string,
): Promise<Customer | null> {
  const { openid } = await identity.exchangeCode(deviceKey);
  const customer = await em.findOne(Customer, { openid });
  return customer?.registeredAt ? customer : null;
}

/** Seeds the demo relative's accepted follow of the demo patient and a little feed activity, once. */
export async function seedDemoFriends(em: EntityManager, options: DemoSeedOptions): Promise<void> {
  const identity = new LocalIdentityProvider(options.sessionSecret);
  await withSubjectLock(em, 'seed:demo-friends', async (tx) => {
    const patient = await registered(tx, identity, DEMO_DEVICE_KEYS.patient);
    const relative = await registered(tx, identity, DEMO_DEVICE_KEYS.relative);
    // The demo users may have changed things themselves (revoked, left): a follow that exists is theirs.
    if (!patient || !relative || (await tx.count(Follow, { followerId: relative.id, patientId: patient.id })) > 0) {
      return;
    }
    const since = new Date(options.now.getTime() - 30 * DAY_MS);
    tx.create(Follow, {
      followerId: relative.id,
      patientId: patient.id,
      status: 'accepted',
      customerNote: '爸爸',
      isReceive: true,
      requestedAt: since,
      decidedAt: since,
      acceptedAt: since,
      createdAt: since,
      updatedAt: since,
    });
    await tx.flush();
    const latest = await tx.find(
      SugarTest,
      { customerId: patient.id },
      { orderBy: { measuredAt: 'desc', id: 'desc' }, limit: 2 },
    );
    const [newest, before] = latest;
    if (!newest) {
      return;
    }
    const testId = feedPostId('bloodSugar', newest.id);
    const at = (minutes: number) =>
      new Date(Math.min(options.now.getTime(), newest.measuredAt.getTime() + minutes * 60_000));
    await addPraise(tx, relative.id, testId, at(20));
    const { commentId } = await addComment(
      tx,
      relative.id,
      { testId, content: '爸，记得按时测血糖，有不舒服就给我打电话' },
      at(25),
    );
    await addComment(tx, patient.id, { testId, content: '好的，放心吧', replyCommentId: commentId }, at(40));
    if (before) {
      await addPraise(tx, relative.id, feedPostId('bloodSugar', before.id), at(30));
    }
    await notifyFollowersOfReading(
      tx,
      {
        kind: 'bloodSugar',
        id: newest.id,
        customerId: patient.id,
        measuredAt: newest.measuredAt,
        sugar: newest.sugar,
        timeType: newest.timeType,
      },
      at(1),
    );
  });
}
