// The doctor's consultation pages in jsdom against a stubbed network answering as the API does: the
// queue's tabs and counts, the actions a status allows (接诊, 拒绝 with a reason, 结束咨询 after a
// confirm), 开处方 only for a doctor who may prescribe, and the readings page's refusal and data
// (glucose, pressure and the medication diary).
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Schema } from '@glucoguard/sdk';
import ConsultQueuePage from './ConsultQueuePage';
import ConsultPage from './ConsultPage';
import ReadingsPage from './ReadingsPage';
import { refusal, stubNetwork } from '../../../test/network';

// lightweight-charts draws on a canvas, which jsdom lacks: a stand-in that records nothing.
vi.mock('lightweight-charts', () => {
  const series = { setData: () => undefined, createPriceLine: () => undefined, attachPrimitive: () => undefined };
  const chart = {
    addSeries: () => series,
    timeScale: () => ({ fitContent: () => undefined, setVisibleLogicalRange: () => undefined }),
    applyOptions: () => undefined,
    priceScale: () => ({ applyOptions: () => undefined }),
    remove: () => undefined,
  };
  return { createChart: () => chart, LineSeries: {} };
});

type Consult = Schema<'ConsoleConsult'>;
const CONSULT_ID = '5a3c9a52-6f1e-4d55-9a51-2b1c0d7e8f90';
const SESSION_ID = '7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

function consult(overrides: Partial<Consult> = {}): Consult {
  return {
    consultId: CONSULT_ID,
    sessionId: SESSION_ID,
    status: 3,
    statusLabel: '待接诊',
    patient: { customerId: 'c1', name: '王秀兰', sex: 2, age: 67 },
    serviceName: '图文问诊',
    sessionType: 1,
    serviceInterval: null,
    priceCents: 2900,
    orderCreateTime: '2026-11-26T01:00:00.000Z',
    submitTime: '2026-11-26T01:05:00.000Z',
    acceptTime: null,
    endTime: null,
    diagnosticInfo: { desc: '最近一周早上空腹血糖 8 左右，偶尔头晕。', imgList: ['uploads/273/a.jpg'] },
    allergicHistory: { items: ['2'], detail: '' },
    drugStore: null,
    cancelReason: null,
    ...overrides,
  };
}

const DICTIONARIES = {
  allergic_history: [
    { itemKey: '1', itemValue: '无' },
    { itemKey: '2', itemValue: '青霉素' },
  ],
  rx_category: [{ itemKey: '1', itemValue: '普通处方' }],
  medicine_usaged: [{ itemKey: '1', itemValue: '口服' }],
  medicine_rate: [{ itemKey: '3', itemValue: '每日3次' }],
};

function show(path: string) {
  render(
    // As the console's frame sets it: 接诊 stays 接诊, not 接 诊.
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/consults" element={<ConsultQueuePage />} />
            <Route path="/consults/:consultId" element={<ConsultPage />} />
            <Route path="/consults/:consultId/readings" element={<ReadingsPage />} />
            <Route path="/chat" element={<p>聊天页</p>} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </ConfigProvider>,
  );
}

describe('问诊队列', () => {
  it('shows the three tabs with their counts and asks for the chosen tab', async () => {
    const calls = stubNetwork(({ query }) => ({
      items: query.get('state') === 'active' ? [consult({ status: 2, statusLabel: '咨询中' })] : [consult()],
      total: 1,
      counts: { waiting: 4, active: 1, finished: 12 },
    }));
    show('/consults');
    expect(await screen.findByText('王秀兰 · 女 · 67岁')).toBeTruthy();
    expect(within(screen.getByTestId('consult-tab-waiting')).getByTitle('4')).toBeTruthy();
    expect(within(screen.getByTestId('consult-tab-finished')).getByTitle('12')).toBeTruthy();
    expect(calls[0]?.query.get('state')).toBe('waiting');
    expect(calls[0]?.query.get('pageSize')).toBe('10');
    expect(screen.getByText('去接诊')).toBeTruthy();

    fireEvent.click(screen.getByTestId('consult-tab-active'));
    expect(await screen.findByText('咨询中')).toBeTruthy();
    expect(calls.at(-1)?.query.get('state')).toBe('active');

    // Coming back to the browser tab reads the queue again.
    const before = calls.length;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(calls.length).toBe(before + 1));
    expect(calls.at(-1)?.query.get('state')).toBe('active');
  });
});

describe('one consultation', () => {
  const answering = (status: number, canPrescribe: boolean, after?: Partial<Consult>) =>
    stubNetwork(({ method, path }) => {
      if (path.endsWith('/dictionary/v1/getByCodes')) {
        return DICTIONARIES;
      }
      if (path.startsWith('/api/console/v1/rx/consults/')) {
        return { canPrescribe, prescriptions: [], advice: [] };
      }
      if (method === 'POST') {
        return consult(after);
      }
      return consult({ status, statusLabel: status === 3 ? '待接诊' : '咨询中' });
    });

  it('shows the illness, the photos and the allergy by name, and accepts a waiting one', async () => {
    const calls = answering(3, true, { status: 2, statusLabel: '咨询中', acceptTime: '2026-11-26T02:00:00.000Z' });
    show(`/consults/${CONSULT_ID}`);
    expect(await screen.findByText('最近一周早上空腹血糖 8 左右，偶尔头晕。')).toBeTruthy();
    expect(screen.getByAltText('病情图片 1').getAttribute('src')).toBe('/api/files/uploads/273/a.jpg');
    expect(await screen.findByText('青霉素')).toBeTruthy();
    expect(screen.queryByText('结束咨询')).toBeNull();
    // Before acceptance: no chat, no readings.
    expect(screen.queryByText('健康数据')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '接诊' }));
    expect(await screen.findByRole('button', { name: '结束咨询' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/console/v1/consults/${CONSULT_ID}/accept`)).toBe(
      true,
    );
    expect(screen.getByText('健康数据')).toBeTruthy();
    expect(screen.getByText('进入聊天').closest('a')?.getAttribute('href')).toBe(`/chat?sessionId=${SESSION_ID}`);
  });

  it('goes back to the queue when the consultation was opened by its address', async () => {
    stubNetwork(({ path }) =>
      path === '/api/console/v1/consults'
        ? { items: [], total: 0, counts: { waiting: 0, active: 0, finished: 0 } }
        : path.endsWith('/dictionary/v1/getByCodes')
          ? DICTIONARIES
          : consult(),
    );
    show(`/consults/${CONSULT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: '返回问诊队列' }));
    expect(await screen.findByText('暂无待接诊的咨询')).toBeTruthy();
  });

  it('declines only with a reason, and sends it', async () => {
    const calls = answering(3, true, { status: 4, statusLabel: '已取消', cancelReason: '建议线下就诊' });
    show(`/consults/${CONSULT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定拒绝' }));
    expect(await screen.findByText('请填写拒绝原因')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('拒绝原因'), { target: { value: '建议线下就诊' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定拒绝' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({ reason: '建议线下就诊' }),
    );
  });

  it('ends a running one only after the confirm', async () => {
    const calls = answering(2, false, { status: 0, statusLabel: '已结束' });
    show(`/consults/${CONSULT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: '结束咨询' }));
    const confirm = await screen.findByText('结束后患者将不能再发送消息，确定结束本次咨询吗？');
    expect(calls.some((c) => c.path.endsWith('/end'))).toBe(false);
    const dialog = confirm.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '结束咨询' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/end'))).toBe(true));
  });

  it('offers 开处方 only to a doctor who may prescribe; 用药建议 always', async () => {
    answering(2, false);
    show(`/consults/${CONSULT_ID}`);
    expect(await screen.findByRole('button', { name: /用药建议/ })).toBeTruthy();
    expect(await screen.findByText('你暂未开通电子处方资质，可发送用药建议。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /开处方/ })).toBeNull();
  });

  it('checks the prescription form with the domain before sending it', async () => {
    const calls = answering(2, true);
    show(`/consults/${CONSULT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /开处方/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText('请填写诊断及处理意见')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/console/v1/rx/prescriptions')).toBe(false);
  });

  it('opens the advice form without the prescription form’s medicine line', async () => {
    answering(2, true);
    show(`/consults/${CONSULT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /开处方/ }));
    const prescription = await screen.findByRole('dialog');
    expect(within(prescription).getByLabelText('药品 1')).toBeTruthy();
    fireEvent.click(within(prescription).getByRole('button', { name: '取消' }));
    fireEvent.click(await screen.findByRole('button', { name: /用药建议/ }));
    const advice = await screen.findByRole('dialog', { name: '用药建议' });
    expect(within(advice).getByLabelText('建议内容')).toBeTruthy();
    await waitFor(() => expect(within(advice).queryByLabelText('药品 1')).toBeNull());
  });
});

describe('健康数据', () => {
  it('shows the reason when the API refuses (not accepted yet)', async () => {
    stubNetwork(() => refusal(40300, 403, '接诊后才能查看患者的健康数据'));
    show(`/consults/${CONSULT_ID}/readings`);
    expect(await screen.findByText('接诊后才能查看患者的健康数据')).toBeTruthy();
  });

  it('shows the window, the summaries and the readings of each kind', async () => {
    stubNetwork(() => ({
      consultId: CONSULT_ID,
      patient: { customerId: 'c1', name: '王秀兰' },
      from: '2026-10-27T02:00:00.000Z',
      to: '2026-11-26T02:00:00.000Z',
      finished: true,
      glucose: [{ time: '2026-11-25 07:10:00', timeType: 1, sugar: 8.2, level: 'high', remark: '' }],
      pressure: [{ time: '2026-11-25 07:20:00', sbp: 152, dbp: 96, hr: 78, level: 'high' }],
      medication: [
        {
          recordId: '41',
          medicineId: '11',
          recordTime: '2026-11-25 07:30:00',
          dosage: '1',
          usaged: '1',
          usagedName: '口服',
          rate: '2',
          rateName: '每日两次',
          dosageUnit: '片',
          productName: '格华止',
          medicineName: '盐酸二甲双胍片',
          specification: '0.5g*20片',
        },
      ],
      summaries: [
        {
          period: 'week',
          label: '近7天',
          from: '2026-11-19T02:00:00.000Z',
          to: '2026-11-26T02:00:00.000Z',
          glucose: {
            count: 1,
            counts: { normalCount: 0, highCount: 1, lowCount: 0, seriousHighCount: 0, seriousLowCount: 0 },
            inRangeShare: 0,
            analysis: '本期共测量血糖1次。',
          },
          pressure: null,
        },
      ],
    }));
    show(`/consults/${CONSULT_ID}/readings`);
    expect(await screen.findByText('本期共测量血糖1次。')).toBeTruthy();
    expect(screen.getByText('这段时间没有血压记录')).toBeTruthy();
    expect(screen.getByText(/咨询已结束/)).toBeTruthy();
    expect(screen.getByRole('cell', { name: '8.2' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '空腹' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '血糖趋势图' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '血压（1）' }));
    expect(await screen.findByRole('cell', { name: '152' })).toBeTruthy();
    // The medication diary of the same window (issue 20).
    expect(screen.getByText('血糖 1 次 · 血压 1 次 · 用药 1 次')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '用药（1）' }));
    expect(await screen.findByRole('cell', { name: '格华止（盐酸二甲双胍片）' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '0.5g*20片' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '每日两次' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '1片' })).toBeTruthy();
  });
});
