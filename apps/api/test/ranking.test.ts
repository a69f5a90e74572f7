import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatChinaTime } from '@glucoguard/domain';
import { sql } from '../src/lib/db';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-30 10:00 China time: the last day of the month, so the next day is a new month.
const clock = testClock(new Date('2026-11-30T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const addSugars = async (client: Client, n: number) => {
  for (let i = 0; i < n; i++) {
    await client.POST('/sugarTest/v1/add', { body: { sugar: 6, createTime: formatChinaTime(clock()) } });
  }
};
const ranking = (client: Client) => client.GET('/customer/v1/scoreRanking');

describe('GET /customer/v1/scoreRanking', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/customer/v1/scoreRanking'))).toMatchObject({ code: 40100 });
  });

  it('ranks by this month’s and by all points, ties sharing a place, with masked names and own places', async () => {
    const ann = await registeredCustomer(api, '安妮');
    const bob = await registeredCustomer(api, '鲍勃先生');
    // A one-character name is masked whole.
    const cat = await registeredCustomer(api, '曹');
    const idle = await registeredCustomer(api, '闲人');
    // November: ann 3 (+5 task), bob 2, cat 2.
    await addSugars(ann.client, 3);
    await ann.client.POST('/customer/v1/claimTask', { body: { settingCode: 'FIRST_SUGAR_TEST' } });
    await addSugars(bob.client, 2);
    await addSugars(cat.client, 2);
    const november = await ranking(idle.client);
    expect(november.monthObtainRank[0]).toEqual({ rank: 1, userName: '安*', avatar: '', sex: 0, score: 8 });
    // bob and cat tie: both second, in either order.
    expect(
      november.monthObtainRank
        .slice(1)
        .map((r) => [r.rank, r.score, r.userName])
        .sort(),
    ).toEqual([
      [2, 2, '*'],
      [2, 2, '鲍***'],
    ]);
    expect(november.monthObtainRank).toHaveLength(3);
    expect(november.totalObtainRank.map((r) => r.score)).toEqual([8, 2, 2]);
    expect(november).toMatchObject({ monthScore: 0, monthRank: null, totalScore: 0, totalRank: null });
    expect(await ranking(cat.client)).toMatchObject({ monthScore: 2, monthRank: 2, totalScore: 2, totalRank: 2 });

    // December: only cat earns. The month starts over; the totals go on.
    clock.advance(24 * 3600_000);
    await addSugars(cat.client, 3);
    await cat.client.POST('/customer/v1/claimTask', { body: { settingCode: 'FIRST_SUGAR_TEST' } });
    const december = await ranking(ann.client);
    expect(december.monthObtainRank).toEqual([{ rank: 1, userName: '*', avatar: '', sex: 0, score: 8 }]);
    expect(december.totalObtainRank.map((r) => [r.rank, r.score])).toEqual([
      [1, 10],
      [2, 8],
      [3, 2],
    ]);
    expect(december).toMatchObject({ monthScore: 0, monthRank: null, totalScore: 8, totalRank: 2 });
    expect(await ranking(bob.client)).toMatchObject({ totalScore: 2, totalRank: 3 });
  });

  it('keeps balances equal to the ledger and the score buckets equal to the tallies, so every own place is what rank() gives', async () => {
    const db = sql(api.app.orm.em.fork());
    const places = await db.execute<{ period: string; by_window: string | number; by_buckets: string | number }[]>(
      `select t.period, rank() over (partition by t.period order by t.score desc) as by_window,
         coalesce((select sum(b.customers) from points_score_count b where b.period = t.period and b.score > t.score), 0) + 1 as by_buckets
       from points_tally t where t.score > 0`,
    );
    expect(places.length).toBeGreaterThan(0);
    for (const p of places) {
      expect(Number(p.by_buckets)).toBe(Number(p.by_window));
    }
    const mismatches = await db.execute(
      `select coalesce(t.period, b.period) as period from (select period, score, count(*) as n from points_tally where score > 0 group by 1, 2) t
       full join (select period, score, customers from points_score_count where customers <> 0) b on b.period = t.period and b.score = t.score
       where t.n is distinct from b.customers`,
    );
    expect(mismatches).toEqual([]);
    // Every balance is the sum of its ledger.
    const drift = await db.execute(
      `select c.id from customer c left join (select customer_id, sum(score) as s from points_entry group by 1) e on e.customer_id = c.id
       where c.customer_score <> coalesce(e.s, 0)`,
    );
    expect(drift).toEqual([]);
  });
});
