import { HEALTH_INFO_OPTIONS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DICTIONARIES, apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import type { RecordedCall } from '../../test-utils';
import { resetHealthDraft } from './form';
import { resetHealthOptions } from './options';

type HealthInfo = Schema<'HealthInfo'>;

/** The API's answer for a customer without a record. */
function emptyInfo(over: Partial<HealthInfo> = {}): HealthInfo {
  return {
    patientName: null,
    idCard: null,
    birthday: null,
    sex: 0,
    maritalStatus: null,
    job: null,
    emergencyContact: null,
    emergencyPhone: null,
    addressProvince: '',
    province: null,
    city: null,
    district: null,
    address: null,
    diabetesType: null,
    ensureDate: null,
    height: null,
    weight: null,
    bmi: null,
    bmiLabel: null,
    complications: [],
    complicationsRemark: null,
    bloodPressureType: null,
    bloodPressureEnsureDate: null,
    treatmentTypeStr: null,
    doctorId: null,
    doctorName: null,
    doctorRoleType: null,
    doctorOrganizationName: null,
    doctorDepartmentName: null,
    labourIntensity: null,
    exerciseFrequency: null,
    sleepStatus: null,
    peacetimeEmotion: null,
    foodHabit: null,
    smokingStatus: null,
    smokingDaily: null,
    smokingRemark: null,
    drinkingStatus: null,
    drinkingType: null,
    drinkingDaily: null,
    modifyType: '1',
    nameLocked: false,
    longitude: null,
    latitude: null,
    ...over,
  };
}

const OPTIONS = Object.fromEntries(
  Object.entries(HEALTH_INFO_OPTIONS).map(([field, list]) => [field, list.map((o) => ({ ...o }))]),
);

/** A saved location as getLocation answers it; all null until one is saved. */
const savedLocation = (place: Partial<Record<string, string | number>> = {}) => ({
  province: null,
  city: null,
  district: null,
  provinceName: null,
  cityName: null,
  districtName: null,
  longitude: null,
  latitude: null,
  ...place,
});

function healthApi(info: HealthInfo, extra: Record<string, (call: RecordedCall) => unknown> = {}) {
  return fakeApi({
    'GET /customer/v1/getHealthInfo': () => info,
    'GET /customer/v1/getLocation': () => savedLocation(),
    'GET /dictionary/v1/healthInfoDic': () => OPTIONS,
    'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
    ...extra,
  });
}

const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const type = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } });
const chip = (group: string, label: string) =>
  fireEvent.click(within(screen.getByRole('group', { name: group })).getByText(label, { exact: true }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));
const tab = (title: string) => fireEvent.click(screen.getByRole('tab', { name: title }));

async function open(path = '/healthTarget/healthInfo') {
  const view = renderApp(path);
  await screen.findByRole('button', { name: '提交' });
  return view;
}

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
  resetHealthDraft();
  resetHealthOptions();
});

describe('/healthTarget/healthInfo', () => {
  it('opens from the 健康档案 shortcut of mine', async () => {
    healthApi(emptyInfo());
    const { router } = renderApp('/?tab=mine');
    fireEvent.click(await screen.findByRole('link', { name: '健康档案' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthTarget/healthInfo'));
    expect(await screen.findByRole('button', { name: '提交' })).toBeTruthy();
  });

  it('shows three tabs and a locked name once saved', async () => {
    healthApi(emptyInfo({ patientName: '张三', nameLocked: true, height: 170, weight: 65, sex: 1 }));
    await open();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['基本信息', '病历信息', '生活方式']);
    expect(screen.getByLabelText('姓名').textContent).toBe('张三');
    expect(screen.queryByRole('textbox', { name: '姓名' })).toBeNull();
    // 65 kg at 1.70 m: 22.49, 标准.
    expect(screen.getByLabelText('BMI').textContent).toBe('22.49 标准');
  });

  it('fills birthday and sex from a valid ID number and keeps them while it stays valid', async () => {
    healthApi(emptyInfo());
    await open();
    type('身份证号', '11010519491231002x');
    expect(textbox('身份证号').value).toBe('11010519491231002X');
    expect(screen.getByLabelText('出生日期').textContent).toBe('1949-12-31');
    expect(screen.getByLabelText('性别').textContent).toBe('女');
    // A 15-digit number with an odd last digit is a man's.
    type('身份证号', '110101800101031');
    expect(screen.getByLabelText('出生日期').textContent).toBe('1980-01-01');
    expect(screen.getByLabelText('性别').textContent).toBe('男');
    // A wrong check digit is not read, and the birthday picker is back.
    type('身份证号', '110105194912310021');
    expect(screen.getByRole('button', { name: '出生日期' })).toBeTruthy();
  });

  it('computes the BMI as height and weight are typed and clears a weight that is not a number', async () => {
    healthApi(emptyInfo());
    await open();
    expect(screen.getByLabelText('BMI').textContent).toBe('--');
    type('身高', '160');
    type('体重', '55.55');
    expect(textbox('体重').value).toBe('55.5');
    expect(screen.getByLabelText('BMI').textContent).toBe('21.68 标准');
    type('体重', '.');
    fireEvent.blur(textbox('体重'));
    expect(textbox('体重').value).toBe('');
    expect(screen.getByLabelText('BMI').textContent).toBe('--');
  });

  it.each([
    [(): void => undefined, '请输入姓名'],
    [() => type('姓名', '一二三四五六七八九十一'), '姓名应少于10个字'],
    [() => type('身份证号', '110105194912310021'), '请输入正确的身份证号'],
    [() => type('紧急联系人电话', '12345'), '请填写正确的紧急联系人电话'],
    [() => type('详细地址', '路'.repeat(51)), '家庭详细地址应少于50个字'],
    [() => type('身高', '19'), '身高应在20~240cm之间'],
    [() => type('体重', '201'), '体重应在5~200Kg之间'],
  ])('refuses the basic tab with a toast (%#: %s) and sends nothing', async (fill, message) => {
    const server = healthApi(emptyInfo());
    await open();
    if (message !== '请输入姓名') {
      type('姓名', '张三');
    }
    fill();
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(server.called('POST /customer/v1/saveHealthInfo')).toHaveLength(0);
  });

  it('shows the dependent lifestyle fields for the choices and checks them on submit', async () => {
    const server = healthApi(emptyInfo({ patientName: '张三', nameLocked: true }));
    await open();
    tab('生活方式');
    await screen.findByRole('group', { name: '吸烟情况' });
    chip('吸烟情况', '已戒烟');
    expect(screen.getByRole('textbox', { name: '戒烟前吸烟情况' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '每日吸烟数量' })).toBeNull();
    submit();
    expect(await screen.findByText('请填写戒烟前吸烟情况')).toBeTruthy();
    chip('吸烟情况', '吸烟');
    expect(screen.queryByRole('textbox', { name: '戒烟前吸烟情况' })).toBeNull();
    type('每日吸烟数量', '0');
    submit();
    expect(await screen.findByText('请填写每日吸烟数量')).toBeTruthy();
    type('每日吸烟数量', '1a5');
    expect(textbox('每日吸烟数量').value).toBe('15');
    chip('吸烟情况', '从不吸烟');
    expect(screen.queryByRole('textbox', { name: '每日吸烟数量' })).toBeNull();

    expect(screen.queryByRole('group', { name: '饮酒类型' })).toBeNull();
    chip('饮酒情况', '偶尔饮酒');
    expect(screen.getByRole('group', { name: '饮酒类型' })).toBeTruthy();
    type('每日饮酒量', '100');
    submit();
    expect(await screen.findByText('请填饮酒类型和饮酒量')).toBeTruthy();
    chip('饮酒情况', '从不饮酒');
    expect(screen.queryByRole('textbox', { name: '每日饮酒量' })).toBeNull();
    expect(server.called('POST /customer/v1/saveHealthInfo')).toHaveLength(0);
  });

  it('asks for the other complication only when 其他 is chosen, and opens its tab on a refused submit', async () => {
    healthApi(emptyInfo({ patientName: '张三', nameLocked: true }));
    await open();
    tab('病历信息');
    await screen.findByRole('group', { name: '糖尿病并发症' });
    expect(screen.queryByRole('textbox', { name: '其他并发症' })).toBeNull();
    chip('糖尿病并发症', '糖尿病足');
    chip('糖尿病并发症', '其他');
    expect(screen.getByRole('textbox', { name: '其他并发症' })).toBeTruthy();
    tab('基本信息');
    submit();
    expect(await screen.findByText('请填写其他糖尿病并发症')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '病历信息' }).getAttribute('aria-selected')).toBe('true');
    chip('糖尿病并发症', '其他');
    expect(screen.queryByRole('textbox', { name: '其他并发症' })).toBeNull();
  });

  it('saves the whole record, leaves out a locked name and shows the answer', async () => {
    const saved = emptyInfo({
      patientName: '张三',
      nameLocked: true,
      idCard: '11010519491231002X',
      birthday: '1949-12-31',
      sex: 2,
      height: 160,
      weight: 55.5,
      smokingStatus: '2',
      smokingDaily: 10,
    });
    const server = healthApi(emptyInfo({ patientName: '张三', nameLocked: true }), {
      'POST /customer/v1/saveHealthInfo': () => saved,
    });
    await open();
    type('身份证号', '11010519491231002X');
    type('身高', '160');
    type('体重', '55.5');
    tab('生活方式');
    await screen.findByRole('group', { name: '吸烟情况' });
    chip('吸烟情况', '吸烟');
    type('每日吸烟数量', '10');
    submit();
    expect(await screen.findByText('保存成功')).toBeTruthy();
    const body = server.called('POST /customer/v1/saveHealthInfo')[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('patientName');
    expect(body).toMatchObject({
      idCard: '11010519491231002X',
      birthday: '1949-12-31',
      sex: 2,
      height: 160,
      weight: 55.5,
      smokingStatus: '2',
      smokingDaily: 10,
      smokingRemark: null,
      province: null,
      complications: [],
    });
  });

  it('sends the ID number’s birthday and sex even when the profile says otherwise', async () => {
    // The profile page can change sex on its own; the record shows and sends the ID number's.
    const server = healthApi(
      emptyInfo({ patientName: '张三', nameLocked: true, idCard: '110101800101031', birthday: '1972-01-01', sex: 2 }),
      {
        'POST /customer/v1/saveHealthInfo': () =>
          emptyInfo({
            patientName: '张三',
            nameLocked: true,
            idCard: '110101800101031',
            birthday: '1980-01-01',
            sex: 1,
          }),
      },
    );
    await open();
    expect(screen.getByLabelText('性别').textContent).toBe('男');
    submit();
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(server.called('POST /customer/v1/saveHealthInfo')[0]?.body).toMatchObject({
      birthday: '1980-01-01',
      sex: 1,
    });
  });

  it('toasts the server’s message when the save is refused', async () => {
    healthApi(emptyInfo(), {
      'POST /customer/v1/saveHealthInfo': () => {
        throw apiFailure(40000, '请选择正确的省市区');
      },
    });
    await open();
    type('姓名', '张三');
    submit();
    expect(await screen.findByText('请选择正确的省市区')).toBeTruthy();
  });

  it('refuses to change a doctor linked by invite code', async () => {
    const server = healthApi(
      emptyInfo({
        modifyType: '0',
        doctorId: 1,
        doctorName: '王明远',
        doctorOrganizationName: '北京德康医院',
        doctorDepartmentName: '内分泌科',
      }),
    );
    await open();
    tab('病历信息');
    fireEvent.click(await screen.findByRole('button', { name: '就诊医生' }));
    expect(await screen.findByText('无法选择就诊医生')).toBeTruthy();
    expect(screen.getByRole('button', { name: '就诊医生' }).textContent).toBe('王明远（北京德康医院 内分泌科）');
    expect(server.called('GET /hospital/v1/list')).toHaveLength(0);
  });

  it('saves the doctor chosen through hospital → department → doctor', async () => {
    const chen = {
      doctorId: 21,
      doctorName: '陈立群',
      roleType: 1,
      roleName: '医生',
      title: '副主任医师',
      organizationId: 1,
      organizationName: '北京德康医院',
      departmentId: 11,
      departmentName: '内分泌科',
      phone: '137****0101',
    };
    const server = healthApi(emptyInfo({ province: '110000', city: '110100', district: '110102' }), {
      'GET /hospital/v1/list': () => [
        {
          organizationId: 1,
          organizationName: '北京德康医院',
          level: '三级甲等',
          province: '110000',
          city: '110100',
          district: '110102',
          provinceName: '北京市',
          cityName: '北京市',
          districtName: '西城区',
          address: '',
        },
      ],
      'GET /department/v1/list': () => [
        { departmentId: 11, departmentName: '内分泌科', organizationId: 1, organizationName: '北京德康医院' },
      ],
      'GET /doctor/v1/list': () => [chen],
      'POST /customer/v1/saveDoctor': () => ({
        doctorId: 21,
        doctorName: '陈立群',
        roleType: 1,
        organizationName: '北京德康医院',
        departmentName: '内分泌科',
        modifyType: '1',
      }),
    });
    await open();
    tab('病历信息');
    fireEvent.click(await screen.findByRole('button', { name: '就诊医生' }));
    fireEvent.click(await screen.findByText('北京德康医院'));
    fireEvent.click(await screen.findByText('内分泌科'));
    fireEvent.click(await screen.findByText('陈立群'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(server.called('POST /customer/v1/saveDoctor')[0]?.body).toEqual({
      doctorId: 21,
      doctorName: '陈立群',
      roleType: 1,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '就诊医生' }).textContent).toBe('陈立群（北京德康医院 内分泌科）'),
    );
  });

  it('keeps unsaved changes while the treatment is picked on /treatment', async () => {
    const server = healthApi(emptyInfo({ treatmentTypeStr: '运动治疗、针灸' }));
    const { router } = await open();
    type('姓名', '李四');
    tab('病历信息');
    fireEvent.click(await screen.findByRole('button', { name: '治疗方式' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/treatment'));
    const methods = await screen.findByRole('group', { name: '治疗方式' });
    expect(within(methods).getByText('运动治疗').closest('.adm-selector-item')?.getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(within(methods).getByText('胰岛素').closest('.adm-selector-item')?.getAttribute('aria-selected')).toBe(
      'false',
    );
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: '其他治疗方式' }).value).toBe('针灸');
    fireEvent.click(within(methods).getByText('胰岛素'));
    fireEvent.click(within(methods).getByText('饮食控制'));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthTarget/healthInfo'));
    expect((await screen.findByRole('button', { name: '治疗方式' })).textContent).toBe(
      '饮食控制、运动治疗、胰岛素、针灸',
    );
    tab('基本信息');
    expect(textbox('姓名').value).toBe('李四');
    // The record was read once: coming back does not reload it over the unsaved changes.
    expect(server.called('GET /customer/v1/getHealthInfo')).toHaveLength(1);
  });

  it('fills the region from the current position with 使用当前位置, and says why when it is refused', async () => {
    let allowed = false;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (success: (p: unknown) => void, failure: (e: unknown) => void) =>
          allowed
            ? success({ coords: { longitude: 113.93, latitude: 22.53 } })
            : failure({ code: 1, PERMISSION_DENIED: 1 }),
      },
    });
    try {
      const server = healthApi(emptyInfo({ patientName: '张三', nameLocked: true }), {
        'POST /customer/v1/updateLocation': () => ({
          province: '440000',
          city: '440300',
          district: '440305',
          provinceName: '广东省',
          cityName: '深圳市',
          districtName: '南山区',
          longitude: 113.93,
          latitude: 22.53,
        }),
        'POST /customer/v1/saveHealthInfo': (call) => emptyInfo(call.body as Partial<HealthInfo>),
      });
      await open();
      const panel = await screen.findByRole('group', { name: '定位所在地区' });
      fireEvent.click(within(panel).getByRole('button', { name: '使用当前位置' }));
      expect((await within(panel).findByRole('alert')).textContent).toBe('请允许授权获取地理位置信息！');
      expect(server.called('POST /customer/v1/updateLocation')).toHaveLength(0);
      allowed = true;
      fireEvent.click(within(panel).getByRole('button', { name: '重试' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: '所在地区' }).textContent).toBe('广东省 深圳市 南山区'),
      );
      // The new place is now the saved one, offered with 重新定位.
      within(panel).getByText('广东省 深圳市 南山区');
      within(panel).getByRole('button', { name: '重新定位' });
      expect(server.called('POST /customer/v1/updateLocation')[0]?.body).toEqual({
        longitude: 113.93,
        latitude: 22.53,
      });
      submit();
      await waitFor(() => expect(server.called('POST /customer/v1/saveHealthInfo')).toHaveLength(1));
      expect(server.called('POST /customer/v1/saveHealthInfo')[0]?.body).toMatchObject({
        province: '440000',
        city: '440300',
        district: '440305',
      });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });
  it('shows the saved location to confirm with 确认位置, or replaces it with 重新定位', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (success: (p: unknown) => void) =>
          success({ coords: { longitude: 116.4, latitude: 39.9 } }),
      },
    });
    try {
      const server = healthApi(emptyInfo({ patientName: '张三', nameLocked: true }), {
        'GET /customer/v1/getLocation': () =>
          savedLocation({
            province: '440000',
            city: '440300',
            district: '440305',
            provinceName: '广东省',
            cityName: '深圳市',
            districtName: '南山区',
            longitude: 113.93,
            latitude: 22.53,
          }),
        'POST /customer/v1/updateLocation': () =>
          savedLocation({
            province: '110000',
            city: '110100',
            district: '110101',
            provinceName: '北京市',
            cityName: '北京市',
            districtName: '东城区',
            longitude: 116.4,
            latitude: 39.9,
          }),
      });
      await open();
      const panel = await screen.findByRole('group', { name: '定位所在地区' });
      await within(panel).findByText('广东省 深圳市 南山区');
      expect(screen.getByRole('button', { name: '所在地区' }).textContent).toBe('请选择省 / 市 / 区');
      fireEvent.click(within(panel).getByRole('button', { name: '确认位置' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: '所在地区' }).textContent).toBe('广东省 深圳市 南山区'),
      );
      expect(server.called('POST /customer/v1/updateLocation')).toHaveLength(0);

      fireEvent.click(within(panel).getByRole('button', { name: '重新定位' }));
      await within(panel).findByText('北京市 北京市 东城区');
      await waitFor(() =>
        expect(screen.getByRole('button', { name: '所在地区' }).textContent).toBe('北京市 北京市 东城区'),
      );
      expect(server.called('POST /customer/v1/updateLocation')[0]?.body).toEqual({ longitude: 116.4, latitude: 39.9 });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });
});
