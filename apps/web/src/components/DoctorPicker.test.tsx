import type { Schema } from '@glucoguard/sdk';
import { installAntdMobileRender } from '@glucoguard/ui';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, resetStores } from '../test-utils';
import type { RecordedCall } from '../test-utils';
import { DoctorPicker } from './DoctorPicker';
import type { PickedDoctor } from './DoctorPicker';

const DEKANG: Schema<'HospitalVo'> = {
  organizationId: 1,
  organizationName: '北京德康医院',
  level: '三级甲等',
  province: '110000',
  city: '110100',
  district: '110102',
  provinceName: '北京市',
  cityName: '北京市',
  districtName: '西城区',
  address: '西城区德康路18号',
};
const TIANHE: Schema<'HospitalVo'> = {
  ...DEKANG,
  organizationId: 5,
  organizationName: '广州天和医院',
  province: '440000',
  city: '440100',
  district: '440106',
  provinceName: '广东省',
  cityName: '广州市',
  districtName: '天河区',
};

function doctor(doctorId: number, doctorName: string, roleType: 1 | 2, departmentName = '内分泌科'): PickedDoctor {
  return {
    doctorId,
    doctorName,
    roleType,
    roleName: roleType === 2 ? '教育护士' : '医生',
    title: roleType === 2 ? '主管护师' : '副主任医师',
    organizationId: 1,
    organizationName: '北京德康医院',
    departmentId: 11,
    departmentName,
    phone: '137****0101',
  };
}

function directoryApi() {
  return fakeApi({
    'GET /hospital/v1/list': (call: RecordedCall) =>
      call.query.get('city') === '110100' ? [DEKANG] : call.query.size === 0 ? [DEKANG, TIANHE] : [],
    'GET /department/v1/list': () => [
      { departmentId: 11, departmentName: '内分泌科', organizationId: 1, organizationName: '北京德康医院' },
      { departmentId: 12, departmentName: '心血管内科', organizationId: 1, organizationName: '北京德康医院' },
    ],
    'GET /doctor/v1/list': (call: RecordedCall) => {
      if (call.query.get('keyWord') !== null) {
        return call.query.get('keyWord') === '陈' ? [doctor(21, '陈立群', 1)] : [];
      }
      return call.query.get('roleType') === '2' ? [doctor(22, '刘思敏', 2)] : [doctor(21, '陈立群', 1)];
    },
  });
}

function Harness({
  onPick,
  region = null,
}: {
  onPick: (d: PickedDoctor) => void;
  region?: { province: string; city: string; district: string | null } | null;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span>{open ? '打开' : '已关闭'}</span>
      <DoctorPicker visible={open} onClose={() => setOpen(false)} onPick={onPick} initialRegion={region} />
    </>
  );
}

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1' });
});

describe('DoctorPicker', () => {
  it('goes hospital → department → doctor, steps back, switches to educator nurses and picks', async () => {
    const server = directoryApi();
    const picked: PickedDoctor[] = [];
    render(
      <Harness
        onPick={(d) => void picked.push(d)}
        region={{ province: '110000', city: '110100', district: '110102' }}
      />,
    );
    // The user's city first.
    fireEvent.click(await screen.findByText('北京德康医院'));
    expect(server.called('GET /hospital/v1/list').at(-1)?.query.get('city')).toBe('110100');
    await screen.findByText('内分泌科');
    expect(heading()).toBe('北京德康医院');
    expect(server.called('GET /department/v1/list')[0]?.query.get('organizationId')).toBe('1');
    fireEvent.click(screen.getByText('心血管内科'));
    await screen.findByText('陈立群');
    expect(heading()).toBe('北京德康医院 · 心血管内科');
    // Back to the departments, then into endocrinology.
    fireEvent.click(screen.getByRole('button', { name: '‹ 返回' }));
    fireEvent.click(await screen.findByText('内分泌科'));
    await screen.findByText('陈立群');
    expect(server.called('GET /doctor/v1/list').at(-1)?.query.get('departmentId')).toBe('11');
    fireEvent.click(screen.getByRole('tab', { name: '教育护士' }));
    fireEvent.click(await screen.findByText('刘思敏'));
    expect(server.called('GET /doctor/v1/list').at(-1)?.query.get('roleType')).toBe('2');
    await screen.findByText('已关闭');
    expect(picked.map((d) => d.doctorName)).toEqual(['刘思敏']);
  });

  it('lists every hospital without a region and says so when a region has none', async () => {
    directoryApi();
    render(<Harness onPick={() => undefined} />);
    expect(await screen.findByText('广州天和医院')).toBeTruthy();
    expect(screen.getByText('北京德康医院')).toBeTruthy();
    expect(screen.getByRole('button', { name: '选择地区' }).textContent).toBe('全部地区');
  });

  it('jumps from a search by name or phone to a doctor list, and back', async () => {
    const server = directoryApi();
    const picked: PickedDoctor[] = [];
    render(
      <Harness onPick={(d) => void picked.push(d)} region={{ province: '110000', city: '110100', district: null }} />,
    );
    await screen.findByText('北京德康医院');
    const search = within(screen.getByRole('dialog', { name: '选择就诊医生' })).getByRole('searchbox');
    fireEvent.change(search, { target: { value: '无此人' } });
    await act(async () => {
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    expect(await screen.findByText('暂无医生')).toBeTruthy();
    expect(heading()).toBe('搜索“无此人”');
    fireEvent.click(screen.getByRole('button', { name: '‹ 返回' }));
    await screen.findByText('北京德康医院');
    fireEvent.change(search, { target: { value: ' 陈 ' } });
    await act(async () => {
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    fireEvent.click(await screen.findByText('陈立群'));
    expect(server.called('GET /doctor/v1/list').at(-1)?.query.get('keyWord')).toBe('陈');
    await waitFor(() => expect(picked.map((d) => d.doctorId)).toEqual([21]));
  });
});
