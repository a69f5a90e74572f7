// The after-sales service pages in jsdom against a stubbed network answering as the API does: the
// warranty search, the repair queue's tabs, one repair's fields and correctly labelled photo groups,
// its three steps (指派, 处理结果, 完成) with what each sends and the API's refusal shown, and the
// dealer enquiries marked handled.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { Schema } from '@glucoguard/sdk';
import { refusal, stubNetwork } from '../../../test/network';
import DealersPage from './DealersPage';
import { RepairDrawer } from './RepairDrawer';
import RepairsPage from './RepairsPage';
import WarrantiesPage from './WarrantiesPage';
import { pictureUrl } from './serviceText';

type Warranty = Schema<'ConsoleWarranty'>;
type Detail = Schema<'ConsoleRepairEnvelope'>['data'];
type Enquiry = Schema<'DealerEnquiry'>;

const shown = (ui: React.ReactNode) =>
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>{ui}</App>
    </ConfigProvider>,
  );

const button = (name: string) => screen.getByRole('button', { name });

/** The open dialog titled `title`. */
async function modal(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}

const page = (items: unknown[]) => ({ items, currentPage: 1, totalPage: 1, total: items.length });

function warranty(change: Partial<Warranty> = {}): Warranty {
  return {
    warrantyId: 3,
    productId: 2,
    goodsName: '糖护 4G 血糖仪 G1',
    goodsUrl: '',
    deviceImei: '860123456789012',
    orderTime: '2026-03-01',
    deviceType: 0,
    warTime: 12,
    warUrl: '',
    phone: '13900138000',
    expired: false,
    warrantyEnd: '2027-02-28',
    createTime: '2026-03-02T02:00:00.000Z',
    customerId: 'b3f1c2d4-0000-4000-8000-000000000001',
    customerName: '张桂兰',
    customerPhone: '13900138000',
    ...change,
  };
}

const VOUCHER = 'uploads/277/2026/11/voucher-1.jpg?exp=1&cid=s_1&sig=a';
const FAULT_1 = 'uploads/277/2026/11/fault-1.jpg?exp=1&cid=s_1&sig=b';
const FAULT_2 = 'uploads/277/2026/11/fault-2.jpg?exp=1&cid=s_1&sig=c';
const OPERATOR = '0b5a3c1e-1111-4000-8000-000000000002';

function repair(change: Partial<Detail> = {}): Detail {
  return {
    upkeepId: 11,
    upkeepCode: 'WX20261127K7Q2M',
    name: '李建国',
    phone: '13812345678',
    address: '上海市 浦东新区 张杨路 500 号',
    categoryId: 1,
    productId: 2,
    categoryName: '血糖仪',
    productName: '糖护 4G 血糖仪 G1',
    purchaseDateStr: '2026-05-01',
    batchNo: 'B2026-05',
    deviceImei: '860123456789012',
    certificateUrl: VOUCHER,
    certificateImages: [VOUCHER],
    malfunctionContent: '开机后屏幕不亮，换了电池也不行',
    malfunctionUrl: `${FAULT_1},${FAULT_2}`,
    malfunctionImages: [FAULT_1, FAULT_2],
    createTime: '2026-11-27 09:30:00',
    status: 0,
    remark: '',
    customerId: 'b3f1c2d4-0000-4000-8000-000000000001',
    assigneeId: null,
    assigneeName: null,
    completedAt: null,
    steps: [],
    ...change,
  };
}

const ASSIGNEES = [
  { staffId: OPERATOR, name: '王运营', role: 'operator' },
  { staffId: '0b5a3c1e-1111-4000-8000-000000000003', name: '赵管理', role: 'admin' },
];

describe('保修登记', () => {
  it('searches by IMEI or phone and shows whether each warranty still runs', async () => {
    const calls = stubNetwork(({ query }) =>
      query.get('keyword')
        ? page([warranty()])
        : page([warranty(), warranty({ warrantyId: 4, expired: true, warrantyEnd: '2025-02-28', customerName: '' })]),
    );
    shown(<WarrantiesPage />);
    expect(await screen.findByText('保修至 2025-02-28')).toBeTruthy();
    expect(screen.getByText('已过保')).toBeTruthy();
    expect(screen.getByText('在保')).toBeTruthy();
    expect(screen.getByText('未注册用户')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('设备 IMEI 或手机号'), { target: { value: ' 860123456789012 ' } });
    fireEvent.click(button('搜索'));
    await waitFor(() => expect(screen.queryByText('已过保')).toBeNull());
    const last = calls.at(-1);
    expect(last?.path).toBe('/api/console/v1/after-sales/warranties');
    expect(last?.query.get('keyword')).toBe('860123456789012');
    expect(last?.query.get('pageNo')).toBe('1');
  });
});

describe('报修处理', () => {
  it('lists the requests in service first, then the completed ones on their tab', async () => {
    const calls = stubNetwork(({ path, query }) => {
      if (path.endsWith('/assignees')) {
        return ASSIGNEES;
      }
      const status = Number(query.get('status'));
      return page([
        {
          ...repair({ status: status as 0 | 1, upkeepCode: status ? 'WX20261120AAAAA' : 'WX20261127K7Q2M' }),
          completedAt: status ? '2026-11-21T02:00:00.000Z' : null,
        },
      ]);
    });
    shown(<RepairsPage />);
    expect(await screen.findByText('WX20261127K7Q2M')).toBeTruthy();
    expect(screen.getByText('未指派')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '已完成' }));
    expect(await screen.findByText('WX20261120AAAAA')).toBeTruthy();
    const lists = calls.filter((c) => c.path === '/api/console/v1/after-sales/repairs');
    expect(lists.map((c) => c.query.get('status'))).toEqual(['0', '1']);
  });

  it('shows every field and labels the voucher photos 发票信息 and the fault photos 故障图片', async () => {
    stubNetwork(() => repair());
    shown(<RepairDrawer upkeepId={11} onClose={() => undefined} onChanged={() => undefined} />);
    expect(await screen.findByText('报修 WX20261127K7Q2M')).toBeTruthy();
    for (const text of [
      '李建国',
      '13812345678',
      '上海市 浦东新区 张杨路 500 号',
      'B2026-05',
      '开机后屏幕不亮，换了电池也不行',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('尚未填写')).toBeTruthy();
    const vouchers = within(screen.getByLabelText('发票信息')).getAllByRole('img');
    expect(vouchers.map((img) => img.getAttribute('src'))).toEqual([pictureUrl(VOUCHER)]);
    const faults = within(screen.getByLabelText('故障图片')).getAllByRole('img');
    expect(faults.map((img) => img.getAttribute('src'))).toEqual([pictureUrl(FAULT_1), pictureUrl(FAULT_2)]);
    expect(pictureUrl(VOUCHER)).toBe(`/api/files/${VOUCHER}`);
  });

  it('assigns, records a result, then completes the request; a completed one takes no step', async () => {
    let current = repair();
    const calls = stubNetwork(({ method, path, body }) => {
      if (path.endsWith('/assignees')) {
        return ASSIGNEES;
      }
      if (method === 'POST' && path.endsWith('/assign')) {
        current = repair({
          assigneeId: OPERATOR,
          assigneeName: '王运营',
          steps: [{ kind: 'assign', staffName: '王运营', text: '王运营', at: '2026-11-27T02:00:00.000Z' }],
        });
      }
      if (method === 'POST' && path.endsWith('/result')) {
        current = { ...current, remark: (body as { remark: string }).remark };
      }
      if (method === 'POST' && path.endsWith('/complete')) {
        current = {
          ...current,
          remark: (body as { remark: string }).remark,
          status: 1,
          completedAt: '2026-11-27T03:00:00.000Z',
        };
      }
      return current;
    });
    shown(<RepairDrawer upkeepId={11} onClose={() => undefined} onChanged={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '指派' }));
    const assign = await modal('指派处理人');
    await act(async () => fireEvent.mouseDown(within(assign).getByLabelText('处理人')));
    fireEvent.click(await screen.findByTitle('王运营（运营）'));
    await act(async () => fireEvent.click(within(assign).getByRole('button', { name: '确认指派' })));
    expect(await screen.findByText('处理人：王运营')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/assign'))?.body).toEqual({ staffId: OPERATOR });
    expect(screen.getByText(/王运营 指派给 王运营/)).toBeTruthy();

    fireEvent.click(button('填写处理结果'));
    const result = await modal('填写处理结果');
    await act(async () => fireEvent.click(within(result).getByRole('button', { name: '保存结果' })));
    expect(await within(result).findByText('请填写处理结果')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/result'))).toBe(false);
    fireEvent.change(within(result).getByLabelText('处理结果（患者会看到）'), {
      target: { value: ' 已寄出同型号新机，请注意查收 ' },
    });
    await act(async () => fireEvent.click(within(result).getByRole('button', { name: '保存结果' })));
    expect(await screen.findByText('已寄出同型号新机，请注意查收', { selector: 'span' })).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/result'))?.body).toEqual({ remark: '已寄出同型号新机，请注意查收' });

    fireEvent.click(button('完成报修'));
    const complete = await modal('完成报修');
    // The result so far is filled in; completing sends it as the final one.
    await waitFor(() =>
      expect(within(complete).getByLabelText('处理结果（患者会看到）')).toHaveProperty(
        'value',
        '已寄出同型号新机，请注意查收',
      ),
    );
    await act(async () => fireEvent.click(within(complete).getByRole('button', { name: '确认完成' })));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/complete'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/complete'))?.body).toEqual({ remark: '已寄出同型号新机，请注意查收' });
    expect(await screen.findByText('已完成', { selector: '.ant-tag' })).toBeTruthy();
    for (const name of ['改派', '填写处理结果', '完成报修']) {
      expect(button(name).hasAttribute('disabled')).toBe(true);
    }
  });

  it("shows the API's refusal in the dialog and keeps the request as it was", async () => {
    const calls = stubNetwork(({ method }) =>
      method === 'POST' ? refusal(40900, 409, '报修单已完成') : repair({ remark: '已更换电池' }),
    );
    shown(<RepairDrawer upkeepId={11} onClose={() => undefined} onChanged={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '完成报修' }));
    const complete = await modal('完成报修');
    await waitFor(() =>
      expect(within(complete).getByLabelText('处理结果（患者会看到）')).toHaveProperty('value', '已更换电池'),
    );
    await act(async () => fireEvent.click(within(complete).getByRole('button', { name: '确认完成' })));
    expect(await within(complete).findByText('报修单已完成')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByText('服务中', { selector: '.ant-tag' })).toBeTruthy();
  });
});

describe('经销采购咨询', () => {
  function enquiry(change: Partial<Enquiry> = {}): Enquiry {
    return {
      enquiryId: 5,
      customerId: 'b3f1c2d4-0000-4000-8000-000000000009',
      purchaser: '周明',
      phone: '13700001111',
      productName: '糖护 4G 血糖仪 G1',
      account: 200,
      saleChannel: '社区药店',
      saleArea: '江苏省苏州市',
      remark: '希望了解批发价',
      createTime: '2026-11-27T01:00:00.000Z',
      handled: 0,
      handledBy: null,
      handledAt: null,
      note: '',
      ...change,
    };
  }

  it('lists the open enquiries and marks one handled with a note', async () => {
    let current = enquiry();
    const calls = stubNetwork(({ method, path, body }) => {
      if (path === '/api/console/v1/after-sales/dealers') {
        return page([current]);
      }
      if (method === 'POST') {
        current = enquiry({
          handled: 1,
          handledBy: '王运营',
          handledAt: '2026-11-27T02:00:00.000Z',
          note: (body as { note?: string }).note ?? '',
        });
      }
      return current;
    });
    shown(<DealersPage />);
    expect(await screen.findByText('江苏省苏州市')).toBeTruthy();
    expect(calls[0]?.query.get('handled')).toBe('0');
    fireEvent.click(button('查看 周明 的采购咨询'));
    expect(await screen.findByText('希望了解批发价')).toBeTruthy();
    fireEvent.click(button('标记已处理'));
    const dialog = await modal('标记已处理');
    fireEvent.change(within(dialog).getByLabelText('处理备注（选填，仅员工可见）'), {
      target: { value: '已电话联系，报价单已发送' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: '确认已处理' })));
    expect(await screen.findByText('已电话联系，报价单已发送', { selector: 'span' })).toBeTruthy();
    const drawer = document.querySelector<HTMLElement>('.ant-drawer-body') as HTMLElement;
    expect(within(drawer).getByText('已处理', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(drawer).getByText('王运营')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/console/v1/after-sales/dealers/5/handle',
      body: { note: '已电话联系，报价单已发送' },
    });
    expect(screen.queryByRole('button', { name: '标记已处理' })).toBeNull();
  });
});
