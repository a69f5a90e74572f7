// The counter page in jsdom against a stubbed network: Enter in the box dispenses the seal's
// prescription and lists its medicines; a refusal shows the API's message.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import RxRedeemPage from './RxRedeemPage';

const DISPENSED = {
  infoId: '5b0f7c1e-7a51-4f4e-9d3c-2f1d6a0f8e11',
  rxCode: 'RX202611260002',
  patientNo: 'P000124',
  rxCategory: '1',
  rxCategoryName: '处方药',
  status: 4,
  customerShowStatus: 4,
  content: '原发性高血压1级。',
  createTime: '2026-11-26T08:00:00.000Z',
  auditTime: '2026-11-26T09:00:00.000Z',
  auditReason: null,
  pharmacistName: '李药师',
  expireTime: '2026-11-29T09:00:00.000Z',
  consultId: 'c-2',
  doctor: {
    doctorId: 3,
    userName: '王明远',
    professionalLevel: '主任医师',
    organizationName: '北京德康医院',
    department: '内分泌科',
    headImgUrl: '',
  },
  patient: { customerId: 'p-2', name: '陈淑芬', sex: 2, age: 54 },
  medicines: [
    {
      medicineId: 8,
      medicineName: '苯磺酸氨氯地平片',
      specification: '5mg×7片',
      packingUnit: '盒',
      dosageUnit: '片',
      number: 1,
      dosage: '1',
      usaged: '1',
      usagedName: '口服',
      rate: '1',
      rateName: '每日一次',
      time: 30,
      timeUnit: 0,
    },
  ],
};

function stubApi(answer: { status: number; body: unknown }) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    bodies.push(JSON.parse(await request.text()));
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return bodies;
}

async function scan(text: string) {
  render(
    <App>
      <RxRedeemPage />
    </App>,
  );
  const box = screen.getByRole('searchbox', { name: '处方二维码内容' });
  fireEvent.change(box, { target: { value: text } });
  await act(async () => fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RxRedeemPage', () => {
  it('dispenses the scanned seal and lists the medicines to hand over', async () => {
    const bodies = stubApi({ status: 200, body: { code: 0, errMsg: '', data: DISPENSED } });
    await scan(' GGRX:abc.def ');
    expect(await screen.findByText('已核销处方 RX202611260002，请按下列药品发药')).toBeTruthy();
    expect(screen.getByText('苯磺酸氨氯地平片')).toBeTruthy();
    expect(screen.getByText('已使用')).toBeTruthy();
    expect(bodies).toEqual([{ code: 'GGRX:abc.def' }]);
  });

  it("shows the API's refusal", async () => {
    stubApi({ status: 409, body: { code: 40900, errMsg: '该处方已使用', data: null } });
    await scan('GGRX:abc.def');
    expect((await screen.findByRole('alert')).textContent).toContain('该处方已使用');
    expect(screen.queryByText(/已核销处方/)).toBeNull();
  });
});
