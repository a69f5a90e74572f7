import { HEALTH_INFO_OPTIONS } from '@glucoguard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { Department, Hospital } from '../src/contexts/platform/care-directory/hospital.entity';
import { seedCareDirectory, seedHospitals } from '../src/seed/careDirectory';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const save = (client: Client, body: Record<string, unknown>) =>
  client.POST('/customer/v1/saveHealthInfo', { body: body as never });
const info = (client: Client) => client.GET('/customer/v1/getHealthInfo');
const doctors = (client: Client, query: { roleType?: 1 | 2; keyWord?: string; departmentId?: number }) =>
  client.GET('/doctor/v1/list', { params: { query } });

/** The GB 11643-1999 worked example: born 1949-12-31, female. */
const ID_18 = '11010519491231002X';
/** A first-generation number: born 1980-01-01, male (odd last digit). */
const ID_15 = '110101800101031';

describe('health record calls', () => {
  const calls: [string, (c: Client) => Promise<unknown>][] = [
    ['getHealthInfo', (c) => info(c)],
    ['saveHealthInfo', (c) => save(c, { patientName: '张三' })],
    ['healthInfoDic', (c) => c.GET('/dictionary/v1/healthInfoDic')],
    [
      'saveDoctor',
      (c) => c.POST('/customer/v1/saveDoctor', { body: { doctorId: 1, doctorName: '王明远', roleType: 1 } }),
    ],
    ['hospital list', (c) => c.GET('/hospital/v1/list')],
    ['department list', (c) => c.GET('/department/v1/list', { params: { query: { organizationId: 1 } } })],
    ['doctor list', (c) => doctors(c, { keyWord: '王' })],
  ];

  it.each(calls)('%s requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
  });

  it('keeps the record and the doctor choice for registered customers, and lets a visitor browse the lists', async () => {
    const { client } = await signInNewVisitor(api);
    for (const [, call] of [calls[0], calls[1], calls[3]] as (typeof calls)[number][]) {
      expect(await failure(call(client))).toMatchObject({ code: 40300, errMsg: '请先注册' });
    }
    expect((await client.GET('/hospital/v1/list')).length).toBe(seedHospitals.length);
    expect(Object.keys(await client.GET('/dictionary/v1/healthInfoDic'))).toContain('smokingStatus');
  });
});

describe('POST /customer/v1/saveHealthInfo refuses bad input', () => {
  // One customer for the whole table: every refused save must leave the record untouched.
  let client: Client;
  beforeAll(async () => {
    ({ client } = await registeredCustomer(api));
  });

  it.each([
    [{}, '请输入姓名'],
    [{ patientName: '  ' }, '请输入姓名'],
    [{ patientName: '一二三四五六七八九十一' }, '姓名应少于10个字'],
    [{ patientName: '张三😀' }, '请不要输入表情'],
    [{ address: '路'.repeat(51) }, '家庭详细地址应少于50个字'],
    [{ emergencyPhone: '12345' }, '请填写正确的紧急联系人电话'],
    [{ idCard: '110105194912310021' }, '请输入正确的身份证号'],
    [{ idCard: '11010519491331002X' }, '请输入正确的身份证号'],
    [{ height: 19 }, '身高应在20~240cm之间'],
    [{ height: 240.5 }, '身高应在20~240cm之间'],
    [{ weight: 4.9 }, '体重应在5~200Kg之间'],
    [{ weight: 201 }, '体重应在5~200Kg之间'],
    [{ smokingStatus: '3' }, '请填写戒烟前吸烟情况'],
    [{ smokingStatus: '3', smokingRemark: '字'.repeat(51) }, '戒烟前吸烟情况不能超过50个字符'],
    [{ smokingStatus: '2' }, '请填写每日吸烟数量'],
    [{ smokingStatus: '2', smokingDaily: 0 }, '请填写每日吸烟数量'],
    [{ smokingStatus: '2', smokingDaily: 999 }, '请填写每日吸烟数量'],
    [{ smokingStatus: '2', smokingDaily: 1.5 }, '请填写每日吸烟数量'],
    [{ drinkingStatus: '3', drinkingDaily: 100 }, '请填饮酒类型和饮酒量'],
    [{ drinkingStatus: '3', drinkingType: '1' }, '请填饮酒类型和饮酒量'],
    [{ drinkingStatus: '3', drinkingType: '1', drinkingDaily: 9999 }, '请填饮酒类型和饮酒量'],
    [{ complications: ['1', '0'] }, '请填写其他糖尿病并发症'],
    [{ complications: ['0'], complicationsRemark: '字'.repeat(21) }, '其他糖尿病并发症不能超过20个字符'],
    [{ treatmentTypeStr: '字'.repeat(201) }, '治疗方式不能超过200个字符'],
    [{ emergencyContact: '名'.repeat(21) }, '紧急联系人不能超过20个字符'],
    [{ idCard: ID_18, birthday: '1950-01-01' }, '出生日期与身份证号不一致'],
    [{ idCard: ID_18, sex: 1 }, '性别与身份证号不一致'],
    [{ birthday: '2026-11-21' }, '请选择1900-01-01至今天之间的出生日期'],
    [{ ensureDate: '2026-11-21' }, '请选择1900-01-01至今天之间的糖尿病确诊日期'],
    [{ bloodPressureEnsureDate: '2020-02-30' }, '请选择1900-01-01至今天之间的高血压确诊日期'],
    [{ maritalStatus: '9' }, '请选择正确的婚姻状况'],
    [{ smokingStatus: '9' }, '请选择正确的吸烟情况'],
    [{ complications: ['1', '42'] }, '请选择正确的糖尿病并发症'],
    [{ drinkingStatus: '2', drinkingType: '9', drinkingDaily: 50 }, '请选择正确的饮酒类型'],
    [{ province: '110000', city: '310100' }, '请选择正确的省市区'],
    [{ province: '110000' }, '请选择正确的省市区'],
    [{ province: '440000', city: '440300', district: '440106' }, '请选择正确的省市区'],
    [{ province: 'abc' }, '请选择正确的省市区'],
    [{ diabetesType: '99' }, '请选择正确的糖尿病类型'],
    [{ bloodPressureType: '99' }, '请选择正确的高血压类型'],
    [{ bmi: 20 }, '请求体包含不支持的字段：bmi'],
    [{ cid: 'someone-else' }, '请求体包含不支持的字段：cid'],
    [{ modifyType: '1' }, '请求体包含不支持的字段：modifyType'],
  ])('refuses %j with %s and stores nothing', async (over, errMsg) => {
    const body = 'patientName' in over || Object.keys(over).length === 0 ? over : { patientName: '张三', ...over };
    expect(await failure(save(client, body))).toMatchObject({ code: 40000, status: 400, errMsg });
    // Nothing stored: the name is still only the one offered from registration, unlocked.
    expect(await info(client)).toMatchObject({
      patientName: '测试用户',
      idCard: null,
      nameLocked: false,
      height: null,
      weight: null,
      province: null,
    });
  });
});

describe('the health record of one customer', () => {
  it('is never visible to, nor changed by, another customer', async () => {
    const owner = await registeredCustomer(api);
    await save(owner.client, {
      patientName: '张三',
      idCard: ID_18,
      height: 160,
      weight: 55,
      smokingStatus: '2',
      smokingDaily: 10,
    });
    const other = await registeredCustomer(api);
    const theirs = await info(other.client);
    expect(theirs).toMatchObject({
      patientName: '测试用户',
      idCard: null,
      birthday: null,
      sex: 0,
      height: null,
      weight: null,
      smokingStatus: null,
      smokingDaily: null,
      nameLocked: false,
    });
    await save(other.client, { patientName: '李四', height: 180 });
    expect(await info(owner.client)).toMatchObject({
      patientName: '张三',
      idCard: ID_18,
      height: 160,
      weight: 55,
      smokingDaily: 10,
    });
    // A client cannot name the customer it writes for.
    expect(await failure(save(other.client, { cid: owner.cid, patientName: '李四' }))).toMatchObject({ code: 40000 });
  });

  it('saves every field, computes the BMI and keeps height and weight on the profile the weight page uses', async () => {
    const { client } = await registeredCustomer(api);
    const saved = await save(client, {
      patientName: ' 张三 ',
      idCard: ID_18.toLowerCase(),
      maritalStatus: '2',
      job: '7',
      emergencyContact: '张小三',
      emergencyPhone: '13900139000',
      province: '440000',
      city: '440300',
      district: '440305',
      address: '南湾大道3号',
      diabetesType: '3',
      ensureDate: '2015-06-01',
      height: 160,
      weight: 55.5,
      complications: ['1', '0', '1'],
      complicationsRemark: '白内障',
      bloodPressureType: '2',
      bloodPressureEnsureDate: '2018-03-15',
      treatmentTypeStr: '饮食控制、胰岛素',
      labourIntensity: '1',
      exerciseFrequency: '3',
      sleepStatus: '2',
      peacetimeEmotion: '1',
      foodHabit: '2',
      smokingStatus: '3',
      smokingRemark: '每天一包，二十年',
      drinkingStatus: '2',
      drinkingType: '3',
      drinkingDaily: 100,
    });
    // 55.5 kg at 1.60 m: 55.5 / 2.56 = 21.68 → 标准. The valid ID gives birthday and sex (penultimate 2: female).
    expect(saved).toMatchObject({
      patientName: '张三',
      idCard: ID_18,
      birthday: '1949-12-31',
      sex: 2,
      addressProvince: '广东省 深圳市 南山区',
      district: '440305',
      height: 160,
      weight: 55.5,
      bmi: 21.68,
      bmiLabel: '标准',
      complications: ['1', '0'],
      complicationsRemark: '白内障',
      smokingDaily: null,
      drinkingDaily: 100,
      nameLocked: true,
      modifyType: '1',
      doctorId: null,
    });
    expect(await info(client)).toEqual(saved);
    const { customerVo } = await client.GET('/login/v1/getCurrent');
    expect(customerVo).toMatchObject({
      sex: 2,
      birthday: '1949-12-31',
      height: 160,
      weight: 55.5,
      province: '440000',
      district: '440305',
      diabetesType: '3',
      bloodPressureType: '2',
      address: '南湾大道3号',
    });

    // A weighing on the weight page moves the record's weight and BMI: 114 jin = 57 kg, 57 / 2.56 = 22.27.
    await client.POST('/weight/v1/add', { body: { weight: 114 } });
    expect(await info(client)).toMatchObject({ height: 160, weight: 57, bmi: 22.27 });
  });

  it('fills birthday and sex from a 15-digit ID number and refuses a contradicting one', async () => {
    const { client } = await registeredCustomer(api);
    await client.POST('/customer/v1/edit', { body: { sex: 2, birthday: '1972-01-01' } });
    // The new ID number replaces the profile's birthday and sex (odd last digit: male).
    expect(await save(client, { patientName: '王五', idCard: ID_15 })).toMatchObject({
      birthday: '1980-01-01',
      sex: 1,
    });
    expect(await failure(save(client, { sex: 2 }))).toMatchObject({ code: 40000, errMsg: '性别与身份证号不一致' });
    expect(await failure(save(client, { birthday: '1980-01-02' }))).toMatchObject({
      code: 40000,
      errMsg: '出生日期与身份证号不一致',
    });
    // Without an ID number, birthday and sex are free again.
    expect(await save(client, { idCard: null, sex: 2, birthday: '1981-02-03' })).toMatchObject({
      idCard: null,
      sex: 2,
      birthday: '1981-02-03',
    });
  });

  it('locks the name once saved and keeps fields the body leaves out', async () => {
    const { client } = await registeredCustomer(api);
    await save(client, { patientName: '张三', maritalStatus: '1', height: 170 });
    expect(await failure(save(client, { patientName: '李四' }))).toMatchObject({
      code: 40000,
      errMsg: '姓名保存后不能修改',
    });
    expect(await failure(save(client, { patientName: null }))).toMatchObject({
      code: 40000,
      errMsg: '姓名保存后不能修改',
    });
    expect(await save(client, { patientName: '张三', job: '2' })).toMatchObject({
      patientName: '张三',
      maritalStatus: '1',
      job: '2',
      height: 170,
      nameLocked: true,
    });
    expect(await save(client, { sleepStatus: '1', height: null })).toMatchObject({
      patientName: '张三',
      maritalStatus: '1',
      job: '2',
      sleepStatus: '1',
      height: null,
      bmi: null,
    });
  });

  it('clears answers the current choices hide and replaces the region as a whole', async () => {
    const { client } = await registeredCustomer(api);
    await save(client, {
      patientName: '赵六',
      smokingStatus: '2',
      smokingDaily: 20,
      drinkingStatus: '4',
      drinkingType: '1',
      drinkingDaily: 250,
      complications: ['0'],
      complicationsRemark: '牙周病',
      province: '110000',
      city: '110100',
      district: '110102',
    });
    const after = await save(client, {
      smokingStatus: '1',
      drinkingStatus: '1',
      complications: ['2'],
      province: '310000',
      city: '310100',
    });
    expect(after).toMatchObject({
      smokingStatus: '1',
      smokingDaily: null,
      smokingRemark: null,
      drinkingType: null,
      drinkingDaily: null,
      complications: ['2'],
      complicationsRemark: null,
    });
    expect(after).toMatchObject({
      province: '310000',
      city: '310100',
      district: null,
      addressProvince: '上海市 上海市',
    });
  });
});

describe('the doctor of the health record', () => {
  const firstDoctor = async (client: Client) => {
    const [hospital] = await client.GET('/hospital/v1/list', {
      params: { query: { city: '110100', district: '110102' } },
    });
    const departments = await client.GET('/department/v1/list', {
      params: { query: { organizationId: hospital?.organizationId ?? 0 } },
    });
    const endocrinology = departments.find((d) => d.departmentName === '内分泌科');
    return doctors(client, { departmentId: endocrinology?.departmentId ?? 0 });
  };

  it('may be chosen while none is linked, and chosen again', async () => {
    const { client } = await registeredCustomer(api);
    expect(await info(client)).toMatchObject({ modifyType: '1', doctorId: null, doctorName: null });
    const list = await firstDoctor(client);
    const nurse = list.find((d) => d.roleType === 2);
    const doctor = list.find((d) => d.roleName === '医生' && d.doctorName === '陈立群');
    expect(nurse).toMatchObject({
      doctorName: '刘思敏',
      roleName: '教育护士',
      organizationName: '北京德康医院',
      departmentName: '内分泌科',
    });
    expect(doctor).toBeDefined();
    const chosen = await client.POST('/customer/v1/saveDoctor', {
      body: { doctorId: doctor?.doctorId ?? 0, doctorName: '陈立群', roleType: 1 },
    });
    expect(chosen).toEqual({
      doctorId: doctor?.doctorId,
      doctorName: '陈立群',
      roleType: 1,
      organizationName: '北京德康医院',
      departmentName: '内分泌科',
      modifyType: '1',
    });
    await client.POST('/customer/v1/saveDoctor', {
      body: { doctorId: nurse?.doctorId ?? 0, doctorName: '刘思敏', roleType: 2 },
    });
    expect(await info(client)).toMatchObject({
      doctorId: nurse?.doctorId,
      doctorName: '刘思敏',
      doctorRoleType: 2,
      doctorOrganizationName: '北京德康医院',
      doctorDepartmentName: '内分泌科',
      modifyType: '1',
    });
  });

  it('is locked when linked through the doctor’s invite code', async () => {
    const { client } = await registeredCustomer(api);
    await client.POST('/customer/v1/edit', { body: { inviteCode: 'WANG01' } });
    expect(await info(client)).toMatchObject({
      modifyType: '0',
      doctorName: '王明远',
      doctorOrganizationName: '北京德康医院',
      doctorDepartmentName: '内分泌科',
    });
    const [other] = await doctors(client, { keyWord: '陈立群' });
    expect(
      await failure(
        client.POST('/customer/v1/saveDoctor', {
          body: { doctorId: other?.doctorId ?? 0, doctorName: '陈立群', roleType: 1 },
        }),
      ),
    ).toMatchObject({ code: 40300, status: 403, errMsg: '无法选择就诊医生' });
    expect((await info(client)).doctorName).toBe('王明远');
  });

  it('stays choosable after another customer’s invite code', async () => {
    const inviter = await registeredCustomer(api);
    const { customerVo } = await inviter.client.GET('/login/v1/getCurrent');
    const { client } = await registeredCustomer(api);
    await client.POST('/customer/v1/edit', { body: { inviteCode: customerVo.inviteCode } });
    expect(await info(client)).toMatchObject({ modifyType: '1', doctorId: null });
  });

  it('refuses an unknown doctor and a name or role that does not match', async () => {
    const { client } = await registeredCustomer(api);
    const [doctor] = await doctors(client, { keyWord: '陈立群' });
    const id = doctor?.doctorId ?? 0;
    expect(
      await failure(
        client.POST('/customer/v1/saveDoctor', { body: { doctorId: 999999, doctorName: '陈立群', roleType: 1 } }),
      ),
    ).toMatchObject({ code: 40400, errMsg: '医生不存在' });
    expect(
      await failure(
        client.POST('/customer/v1/saveDoctor', { body: { doctorId: id, doctorName: '陈立', roleType: 1 } }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '医生信息已变更，请重新选择' });
    expect(
      await failure(
        client.POST('/customer/v1/saveDoctor', { body: { doctorId: id, doctorName: '陈立群', roleType: 2 } }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '医生信息已变更，请重新选择' });
    expect(
      await failure(client.POST('/customer/v1/saveDoctor', { body: { doctorId: id, doctorName: '陈立群' } as never })),
    ).toMatchObject({ code: 40000, errMsg: '请求体缺少必填字段：roleType' });
    expect(await info(client)).toMatchObject({ doctorId: null });
  });
});

describe('the doctor picker lists', () => {
  // A visitor may browse; one browser for the lists.
  let client: Client;
  beforeAll(async () => {
    ({ client } = await signInNewVisitor(api));
  });

  it('lists hospitals by province, city and district with region names', async () => {
    const all = await client.GET('/hospital/v1/list');
    expect(all.map((h) => h.organizationName).sort()).toEqual(seedHospitals.map((h) => h.name).sort());
    // Every seeded code is a real region of the bundled data.
    expect(all.every((h) => h.provinceName !== null && h.cityName !== null && h.districtName !== null)).toBe(true);
    const guangdong = await client.GET('/hospital/v1/list', { params: { query: { province: '440000' } } });
    expect(guangdong.map((h) => h.organizationName)).toEqual(['广州天和医院', '深圳南湾人民医院']);
    expect(guangdong[1]).toMatchObject({
      province: '440000',
      city: '440300',
      district: '440305',
      provinceName: '广东省',
      cityName: '深圳市',
      districtName: '南山区',
      level: '三级甲等',
    });
    expect(
      (await client.GET('/hospital/v1/list', { params: { query: { city: '440300' } } })).map((h) => h.organizationName),
    ).toEqual(['深圳南湾人民医院']);
    expect(await client.GET('/hospital/v1/list', { params: { query: { province: '650000' } } })).toEqual([]);
    expect(await failure(client.GET('/hospital/v1/list', { params: { query: { province: '44' } } }))).toMatchObject({
      code: 40000,
      errMsg: '请选择正确的省市区',
    });
  });

  it('lists departments by hospital or by a doctor’s hospital', async () => {
    const [dekang] = await client.GET('/hospital/v1/list', { params: { query: { district: '110102' } } });
    const departments = await client.GET('/department/v1/list', {
      params: { query: { organizationId: dekang?.organizationId ?? 0 } },
    });
    expect(departments.map((d) => d.departmentName)).toEqual([
      '内分泌科',
      '心血管内科',
      '全科',
      '营养科',
      '肾内科',
      '眼科',
    ]);
    expect(departments.every((d) => d.organizationName === '北京德康医院')).toBe(true);
    const [wang] = await doctors(client, { keyWord: '王明远' });
    expect(await client.GET('/department/v1/list', { params: { query: { doctorId: wang?.doctorId ?? 0 } } })).toEqual(
      departments,
    );
    expect(await client.GET('/department/v1/list', { params: { query: { organizationId: 999999 } } })).toEqual([]);
    expect(await client.GET('/department/v1/list', { params: { query: { doctorId: 999999 } } })).toEqual([]);
    expect(await failure(client.GET('/department/v1/list'))).toMatchObject({ code: 40000, errMsg: '请选择医院' });
  });

  it('lists a department’s doctors and nurses, and searches by name or phone', async () => {
    const [dekang] = await client.GET('/hospital/v1/list', { params: { query: { district: '110102' } } });
    const departments = await client.GET('/department/v1/list', {
      params: { query: { organizationId: dekang?.organizationId ?? 0 } },
    });
    const departmentId = departments.find((d) => d.departmentName === '内分泌科')?.departmentId ?? 0;
    const everyone = await doctors(client, { departmentId });
    expect(everyone.map((d) => d.doctorName)).toEqual(['王明远', '陈立群', '刘思敏']);
    expect((await doctors(client, { departmentId, roleType: 2 })).map((d) => d.doctorName)).toEqual(['刘思敏']);
    expect((await doctors(client, { departmentId, roleType: 1 })).map((d) => d.doctorName)).toEqual([
      '王明远',
      '陈立群',
    ]);
    // Phones are answered masked; four or more digits search them.
    expect(everyone[1]).toMatchObject({
      doctorName: '陈立群',
      title: '副主任医师',
      roleType: 1,
      phone: '137****0101',
      departmentId,
      organizationId: dekang?.organizationId,
    });
    expect((await doctors(client, { keyWord: '13700000101' })).map((d) => d.doctorName)).toEqual(['陈立群']);
    expect((await doctors(client, { keyWord: '0101' })).map((d) => d.doctorName)).toEqual(['陈立群']);
    expect((await doctors(client, { keyWord: ' 明远 ' })).map((d) => d.doctorName)).toEqual(['王明远']);
    expect((await doctors(client, { keyWord: '陈', roleType: 2 })).map((d) => d.doctorName)).toEqual([]);
    expect((await doctors(client, { keyWord: '陈', departmentId })).map((d) => d.doctorName)).toEqual(['陈立群']);
    // LIKE's own characters match only themselves.
    expect(await doctors(client, { keyWord: '%' })).toEqual([]);
    expect(await failure(doctors(client, {}))).toMatchObject({ code: 40000, errMsg: '请输入医生姓名或手机号' });
    expect(await failure(doctors(client, { keyWord: '  ' }))).toMatchObject({
      code: 40000,
      errMsg: '请输入医生姓名或手机号',
    });
  });
});

describe('GET /dictionary/v1/healthInfoDic', () => {
  it('serves every option list of the form', async () => {
    const { client } = await registeredCustomer(api);
    const lists = await client.GET('/dictionary/v1/healthInfoDic');
    expect(lists).toEqual(
      Object.fromEntries(
        Object.entries(HEALTH_INFO_OPTIONS).map(([field, options]) => [
          field,
          options.map(({ itemKey, itemValue }) => ({ itemKey, itemValue })),
        ]),
      ),
    );
    expect(lists.smokingStatus.map((o) => o.itemValue)).toEqual(['从不吸烟', '吸烟', '已戒烟', '被动吸烟']);
  });
});

describe('the seeded directory', () => {
  it('seeds again without duplicating anything', async () => {
    const em = api.app.orm.em.fork();
    const counts = async () => [await em.count(Hospital), await em.count(Department), await em.count(Doctor)];
    const before = await counts();
    expect(before[0]).toBe(12);
    expect(before[2]).toBeGreaterThanOrEqual(40);
    await seedCareDirectory(em);
    expect(await counts()).toEqual(before);
  });
});
