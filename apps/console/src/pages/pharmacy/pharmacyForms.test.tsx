// The operator's pharmacy and online-store forms in jsdom against a stubbed network: what the form
// sends, and a draft the domain refuses shown with its message without calling the API.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { DAY_MS, PHARMACY_FORM_MESSAGES } from '@glucoguard/domain';
import { OnlineStoreDialog } from './OnlineStoreDialog';
import { pharmacyInputOf, type PharmacyValues } from './PharmacyDialog';
import { changedStock, StockDialog } from './StockDialog';
import { regionOptions } from './regions';
import { sent, stubNetwork } from '../../../test/network';

const H = 3_600_000;

const VALUES: PharmacyValues = {
  name: ' 海岸大药房（科技园店） ',
  address: '南山区科苑路15号',
  phone: '0755-26031234',
  region: ['440000', '440300', '440305'],
  longitude: 113.94712,
  latitude: 22.54053,
  hours: [dayjs().hour(8).minute(30), dayjs().hour(21).minute(0)],
  allDay: false,
  status: 1,
};

describe('pharmacyInputOf', () => {
  it('sends hours as ms after midnight and trims the texts', () => {
    expect(pharmacyInputOf(VALUES)).toEqual({
      name: '海岸大药房（科技园店）',
      address: '南山区科苑路15号',
      phone: '0755-26031234',
      province: '440000',
      city: '440300',
      district: '440305',
      longitude: 113.94712,
      latitude: 22.54053,
      openStartTime: 8.5 * H,
      openEndTime: 21 * H,
      status: 1,
    });
  });

  it('sends 00:00-24:00 for a pharmacy open all day', () => {
    const input = pharmacyInputOf({ ...VALUES, hours: null, allDay: true });
    expect([input.openStartTime, input.openEndTime]).toEqual([0, DAY_MS]);
  });
});

describe('regionOptions', () => {
  it('nests districts under their city under their province', () => {
    const guangdong = regionOptions().find((p) => p.value === '440000');
    const shenzhen = guangdong?.children?.find((c) => c.value === '440300');
    expect(shenzhen?.label).toBe('深圳市');
    expect(shenzhen?.children?.map((d) => d.label)).toContain('南山区');
  });
});

const LINES = [
  {
    medicineId: 1,
    genericName: '盐酸二甲双胍片',
    specification: '0.5g×20片',
    packingUnit: '盒',
    rxCategory: '1',
    rxCategoryName: '处方药',
    quantity: 20,
  },
  {
    medicineId: 2,
    genericName: '阿司匹林肠溶片',
    specification: '100mg×30片',
    packingUnit: '盒',
    rxCategory: '2',
    rxCategoryName: '甲类非处方药',
    quantity: 0,
  },
];

describe('StockDialog', () => {
  it('keeps only the quantities that changed', () => {
    expect(
      changedStock(
        LINES,
        new Map([
          [1, 20],
          [2, 5],
        ]),
      ),
    ).toEqual([{ medicineId: 2, quantity: 5 }]);
  });

  it('lists the stock and saves only the changed line', async () => {
    const calls = stubNetwork(() => ({ pharmacyId: 7, items: LINES }));
    const onSaved = vi.fn();
    render(
      <App>
        <StockDialog pharmacy={{ pharmacyId: 7, name: '海岸大药房' } as never} onClose={vi.fn()} onSaved={onSaved} />
      </App>,
    );
    const aspirin = await screen.findByLabelText('阿司匹林肠溶片 100mg×30片 库存');
    expect(screen.getByText('处方药')).toBeTruthy();
    fireEvent.change(aspirin, { target: { value: '12' } });
    fireEvent.blur(aspirin);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /保存（1 项修改）/ })));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent(calls.filter((c) => c.method === 'POST'))).toEqual([
      {
        method: 'POST',
        path: '/api/console/v1/pharmacies/7/stock',
        body: { items: [{ medicineId: 2, quantity: 12 }] },
      },
    ]);
  });
});

describe('OnlineStoreDialog', () => {
  const show = () => {
    const onSaved = vi.fn();
    render(
      <App>
        <OnlineStoreDialog open store={null} onClose={vi.fn()} onSaved={onSaved} />
      </App>,
    );
    return onSaved;
  };

  it('refuses an address that is not https with the domain message, without calling the API', async () => {
    const calls = stubNetwork(() => null);
    show();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('网店名称'), { target: { value: '海岸健康网上药店' } });
    fireEvent.change(within(dialog).getByLabelText('网店地址（患者点击后打开）'), {
      target: { value: 'http://m.haian.example.cn' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^保\s*存$/ })));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(PHARMACY_FORM_MESSAGES.storeUrl);
    expect(calls).toEqual([]);
  });

  it('sends a complete store', async () => {
    const saved = {
      storeId: 9,
      storeCode: 'OS-1A2B3C4D',
      storeName: '海岸健康网上药店',
      storeIcon: '',
      remark: '',
      storeUrl: 'https://m.haian.example.cn/shop',
      status: 1,
      sort: 0,
    };
    const calls = stubNetwork(() => saved);
    const onSaved = show();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('网店名称'), { target: { value: saved.storeName } });
    fireEvent.change(within(dialog).getByLabelText('网店地址（患者点击后打开）'), {
      target: { value: saved.storeUrl },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^保\s*存$/ })));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sent(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/console/v1/onlineStores',
        body: { storeName: saved.storeName, storeIcon: '', remark: '', storeUrl: saved.storeUrl, status: 1, sort: 0 },
      },
    ]);
  });
});
