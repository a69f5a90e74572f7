import { installAntdMobileRender } from '@glucoguard/ui';
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, fakeApi, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  // A stranger who opens the link: never signed in.
  resetStores({ isAuth: '0', phase: 'pending' });
});

const header = {
  title: '',
  dataTypeName: '2型糖尿病',
  shareStartTime: '2026-10-22',
  shareEndTime: '2026-11-20',
  totalData: 3,
  normalShareCount: 1,
  lowCount: 1,
  highShareCount: 1,
};

describe('the public share pages', () => {
  it('shows the sugar table with the masked name, the counts and coloured readings without signing in', async () => {
    const server = fakeApi({
      'GET /share/v1/bloodSugarTable': () => ({
        ...header,
        nickname: '张**',
        items: [
          {
            testId: 'a',
            timeType: 1,
            sugar: 12.5,
            remark: '',
            tags: [],
            createTime: '2026-11-20 07:00:00',
            testType: '1',
            deviceImei: null,
            level: 'high',
          },
          {
            testId: 'b',
            timeType: 2,
            sugar: 6.1,
            remark: '',
            tags: [],
            createTime: '2026-11-19 09:00:00',
            testType: '1',
            deviceImei: null,
            level: 'normal',
          },
          {
            testId: 'c',
            timeType: 8,
            sugar: 3.1,
            remark: '',
            tags: [],
            createTime: '2026-11-18 03:00:00',
            testType: '1',
            deviceImei: null,
            level: 'seriousLow',
          },
        ],
      }),
    });
    renderApp('/shareBloodSugarReportTable?token=tok123');
    expect((await screen.findByLabelText('姓名')).textContent).toBe('张**');
    expect(screen.getByLabelText('总次数').textContent).toBe('3');
    expect(screen.getByLabelText('正常').textContent).toBe('1');
    expect(screen.getByLabelText('偏低').textContent).toBe('1');
    expect(screen.getByLabelText('偏高').textContent).toBe('1');
    expect(screen.getByText('12.5').getAttribute('data-band')).toBe('high');
    expect(screen.getByText('3.1').getAttribute('data-band')).toBe('low');
    expect(screen.getByText('6.1').getAttribute('data-band')).toBe('normal');
    expect(screen.getByText('凌晨')).toBeTruthy();
    const [call] = server.calls;
    expect(call?.query.get('token')).toBe('tok123');
    expect(call?.authorization).toBeNull();
    // Nothing else was asked: no sign-in.
    expect(server.calls).toHaveLength(1);
  });

  it('shows the pressure table with colours by the record colour', async () => {
    fakeApi({
      'GET /share/v1/bloodPressureTable': () => ({
        ...header,
        nickname: '李*',
        totalData: 2,
        items: [
          {
            bpId: '1',
            sbp: 150,
            dbp: 95,
            hr: 80,
            remark: '',
            createTime: '2026-11-20 07:00:00',
            color: 3,
            testType: '1',
            deviceImei: null,
          },
          {
            bpId: '2',
            sbp: 118,
            dbp: 76,
            hr: 70,
            remark: '',
            createTime: '2026-11-19 07:00:00',
            color: 2,
            testType: '1',
            deviceImei: null,
          },
        ],
      }),
    });
    renderApp('/shareBloodPressureTable?token=tok');
    expect((await screen.findByLabelText('姓名')).textContent).toBe('李*');
    expect(screen.getByText('150/95').getAttribute('data-band')).toBe('high');
    expect(screen.getByText('118/76').getAttribute('data-band')).toBe('normal');
  });

  it.each([
    '/shareBloodSugarReportTable?token=gone',
    '/shareBloodPressureTable?token=gone',
    '/shareBloodSugarReportTable',
  ])('says 分享链接已失效 at %s', async (path) => {
    fakeApi({
      'GET /share/v1/bloodSugarTable': () => {
        throw apiFailure(40400, '分享链接已失效', 404);
      },
      'GET /share/v1/bloodPressureTable': () => {
        throw apiFailure(40400, '分享链接已失效', 404);
      },
    });
    renderApp(path);
    expect(await screen.findByText('分享链接已失效')).toBeTruthy();
  });
});
