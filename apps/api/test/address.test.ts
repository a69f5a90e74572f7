// Delivery addresses through real HTTP on a real database (spec 3 §2.7, §5; docs/adr/0182): the
// form's rules in the spec's words, exactly one default, the default never deleted, only one's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { inTransaction } from '../src/lib/db';
import { addressForOrder } from '../src/contexts/commerce';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';

const HOME: Schema<'AddressInput'> = {
  consigneeName: '王秀英',
  phone: '13812345678',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  detailAddress: '科苑路15号海岸城3栋1201',
  isDefault: 0,
};

let api: TestApi;
let owner: Awaited<ReturnType<typeof registeredCustomer>>;
let other: Awaited<ReturnType<typeof registeredCustomer>>;

beforeAll(async () => {
  api = await startTestApi();
  owner = await registeredCustomer(api, '王秀英');
  other = await registeredCustomer(api, '李建国');
});
afterAll(async () => api?.close());

const add = (client: typeof owner.client, body: Schema<'AddressInput'>) => client.POST('/address/v1/add', { body });
const list = (client: typeof owner.client, pageNo = 1) =>
  client.GET('/address/v1/list', { params: { query: { pageNo } } });

describe('/address/v1', () => {
  it('asks visitors to register first', async () => {
    const visitor = await signInNewVisitor(api);
    expect(await failure(visitor.client.GET('/address/v1/list'))).toMatchObject({ code: 40300, errMsg: '请先注册' });
    expect(await failure(add(visitor.client, HOME))).toMatchObject({ code: 40300 });
  });

  it.each([
    ['a missing consignee', { consigneeName: undefined }, ADDRESS_MESSAGES.consigneeEmpty],
    ['a blank consignee', { consigneeName: '   ' }, ADDRESS_MESSAGES.consigneeEmpty],
    ['a consignee over 10 characters', { consigneeName: '欧阳娜娜欧阳娜娜欧阳娜' }, '收货人不能超过10个字符'],
    ['an empty phone', { phone: '' }, '手机号不能为空'],
    ['a wrong phone', { phone: '1381234567' }, '手机号不正确'],
    ['a missing district', { district: '' }, ADDRESS_MESSAGES.regionEmpty],
    ['an empty detail', { detailAddress: ' ' }, ADDRESS_MESSAGES.detailEmpty],
    ['a detail under 5 characters', { detailAddress: '科苑路' }, ADDRESS_MESSAGES.detailTooShort],
    ['a detail over 40 characters', { detailAddress: '科'.repeat(41) }, '详细地址不能超过40个字符'],
  ])('refuses %s with the spec message', async (_name, change, errMsg) => {
    // JSON drops an undefined field: the first case sends no consignee at all.
    const body = { ...HOME, ...change } as Schema<'AddressInput'>;
    expect(await failure(add(owner.client, body))).toMatchObject({ code: 40000, errMsg });
    expect((await list(owner.client)).totalNum).toBe(0);
  });

  it('makes the first address the default and moves the default on request', async () => {
    expect(await owner.client.GET('/address/v1/getDefault')).toBeNull();
    const first = await add(owner.client, { ...HOME, isDefault: 0 });
    expect(first).toMatchObject({ ...HOME, isDefault: 1 });
    const second = await add(owner.client, {
      ...HOME,
      consigneeName: '王小明',
      detailAddress: '深南大道9988号华润大厦',
    });
    expect(second.isDefault).toBe(0);
    const third = await add(owner.client, { ...HOME, consigneeName: '王芳', isDefault: 1 });
    expect(third.isDefault).toBe(1);
    expect((await owner.client.GET('/address/v1/getDefault'))?.addressId).toBe(third.addressId);
    const page = await list(owner.client);
    expect(page.items.map((a) => [a.addressId, a.isDefault])).toEqual([
      [third.addressId, 1],
      [second.addressId, 0],
      [first.addressId, 0],
    ]);
    await owner.client.POST('/address/v1/setDefault', { body: { addressId: second.addressId } });
    const defaults = (await list(owner.client)).items.filter((a) => a.isDefault === 1);
    expect(defaults.map((a) => a.addressId)).toEqual([second.addressId]);
  });

  it('edits an address, keeping the default when isDefault 0 is sent for it', async () => {
    const def = await owner.client.GET('/address/v1/getDefault');
    const edited = await owner.client.POST('/address/v1/edit', {
      body: { ...HOME, addressId: def!.addressId, detailAddress: '  桃园路2号阳光花园5栋  ', isDefault: 0 },
    });
    expect(edited).toMatchObject({ addressId: def!.addressId, detailAddress: '桃园路2号阳光花园5栋', isDefault: 1 });
    expect(
      await failure(
        owner.client.POST('/address/v1/edit', { body: { ...HOME, addressId: def!.addressId, phone: '123' } }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '手机号不正确' });
  });

  it('refuses to delete the default address, and deletes another', async () => {
    const page = await list(owner.client);
    const def = page.items.find((a) => a.isDefault === 1)!;
    const plain = page.items.find((a) => a.isDefault === 0)!;
    expect(await failure(owner.client.POST('/address/v1/del', { body: { addressId: def.addressId } }))).toMatchObject({
      code: 40900,
      errMsg: ADDRESS_MESSAGES.deleteDefault,
    });
    expect(await owner.client.POST('/address/v1/del', { body: { addressId: plain.addressId } })).toBeNull();
    expect((await list(owner.client)).totalNum).toBe(page.totalNum - 1);
  });

  it("treats someone else's address as missing", async () => {
    const mine = (await list(owner.client)).items[0]!;
    const notFound = { code: 40400, errMsg: '该收货地址不存在' };
    expect(
      await failure(other.client.POST('/address/v1/edit', { body: { ...HOME, addressId: mine.addressId } })),
    ).toMatchObject(notFound);
    expect(
      await failure(other.client.POST('/address/v1/setDefault', { body: { addressId: mine.addressId } })),
    ).toMatchObject(notFound);
    expect(await failure(other.client.POST('/address/v1/del', { body: { addressId: mine.addressId } }))).toMatchObject(
      notFound,
    );
    expect(await failure(other.client.POST('/address/v1/del', { body: { addressId: 'abc' } }))).toMatchObject({
      code: 40000,
      errMsg: '该收货地址不存在',
    });
    await expect(
      inTransaction(api.app.em.fork(), (tx) => addressForOrder(tx, other.cid, mine.addressId)),
    ).rejects.toMatchObject({ code: 40400 });
    await expect(
      inTransaction(api.app.em.fork(), (tx) => addressForOrder(tx, owner.cid, mine.addressId)),
    ).resolves.toEqual({
      consigneeName: mine.consigneeName,
      phone: mine.phone,
      province: mine.province,
      city: mine.city,
      district: mine.district,
      detailAddress: mine.detailAddress,
    });
  });

  it('pages by 5 and keeps at most 20 addresses', async () => {
    const fresh = await registeredCustomer(api, '赵丽');
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => add(fresh.client, { ...HOME, detailAddress: `科苑路${i + 100}号商铺` })),
    );
    expect(made.filter((a) => a.isDefault === 1)).toHaveLength(1);
    const third = await list(fresh.client, 3);
    expect(third).toMatchObject({ currentPage: 3, totalPage: 4, totalNum: 20 });
    expect(third.items).toHaveLength(5);
    expect(await failure(add(fresh.client, HOME))).toMatchObject({ code: 40900, errMsg: '最多保存20个收货地址' });
  });
});
