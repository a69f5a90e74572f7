// The pharmacist's prescription view in jsdom against a stubbed network: what it shows, 驳回 needs
// a reason (the domain's message, nothing sent), and each verdict sends what the API takes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { RX_MESSAGES } from '@glucoguard/domain';
import { RxReviewDrawer } from './RxReviewDrawer';

const INFO_ID = '5b0f7c1e-7a51-4f4e-9d3c-2f1d6a0f8e11';

const PRESCRIPTION = {
  infoId: INFO_ID,
  rxCode: 'RX202611260001',
  patientNo: 'P000123',
  rxCategory: '1',
  rxCategoryName: '处方药',
  status: 1,
  customerShowStatus: 1,
  content: '2型糖尿病，血糖控制欠佳。继续二甲双胍治疗，监测空腹血糖。',
  createTime: '2026-11-26T08:00:00.000Z',
  auditTime: null,
  auditReason: null,
  pharmacistName: null,
  expireTime: null,
  consultId: 'c-1',
  doctor: {
    doctorId: 3,
    userName: '王建国',
    professionalLevel: '主任医师',
    organizationName: '北京协和医院',
    department: '内分泌科',
    headImgUrl: '',
  },
  patient: { customerId: 'p-1', name: '张秀兰', sex: 2, age: 63 },
  medicines: [
    {
      medicineId: 1,
      medicineName: '盐酸二甲双胍片',
      specification: '0.5g×20片',
      packingUnit: '盒',
      dosageUnit: '片',
      number: 2,
      dosage: '1',
      usaged: '1',
      usagedName: '口服',
      rate: '3',
      rateName: '每日三次',
      time: 14,
      timeUnit: 0,
    },
  ],
};

function stubApi() {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'POST') {
      posts.push({ path, body: JSON.parse(await request.text()) });
    }
    return new Response(JSON.stringify({ code: 0, errMsg: '', data: PRESCRIPTION }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return posts;
}

function show() {
  const onReviewed = vi.fn();
  render(
    <App>
      <RxReviewDrawer infoId={INFO_ID} onClose={vi.fn()} onReviewed={onReviewed} />
    </App>,
  );
  return onReviewed;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RxReviewDrawer', () => {
  it('shows the patient, the doctor, the diagnosis and each medicine with its usage', async () => {
    stubApi();
    show();
    expect(await screen.findByText('张秀兰 · 女 · 63岁')).toBeTruthy();
    expect(screen.getByText('王建国 · 主任医师 · 北京协和医院 内分泌科')).toBeTruthy();
    expect(screen.getByText(PRESCRIPTION.content)).toBeTruthy();
    expect(screen.getByText('口服 · 每日三次 · 每次 1片 · 14天')).toBeTruthy();
    expect(screen.getByText('待审核')).toBeTruthy();
  });

  it('refuses 驳回 without a reason, then sends the reason', async () => {
    const posts = stubApi();
    const onReviewed = show();
    await screen.findByText('张秀兰 · 女 · 63岁');
    // The drawer's header is still marked hidden while its opening motion runs in jsdom.
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /驳\s*回/, hidden: true })));
    const dialog = (await screen.findByLabelText('驳回原因')).closest('.ant-modal') as HTMLElement;
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^驳\s*回$/, hidden: true })));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent).toBe(RX_MESSAGES.reasonRequired);
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '剂量请核实' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^驳\s*回$/, hidden: true })));
    await waitFor(() => expect(onReviewed).toHaveBeenCalled());
    expect(posts).toEqual([
      { path: `/api/console/v1/rx/prescriptions/${INFO_ID}/review`, body: { approve: false, reason: '剂量请核实' } },
    ]);
  });

  it('approves after the confirmation', async () => {
    const posts = stubApi();
    const onReviewed = show();
    await screen.findByText('张秀兰 · 女 · 63岁');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /通\s*过/, hidden: true })));
    const confirm = await screen.findByText('通过该处方？');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await act(async () => fireEvent.click(within(popover).getByRole('button', { name: /通\s*过/ })));
    await waitFor(() => expect(onReviewed).toHaveBeenCalled());
    expect(posts).toEqual([{ path: `/api/console/v1/rx/prescriptions/${INFO_ID}/review`, body: { approve: true } }]);
  });
});
