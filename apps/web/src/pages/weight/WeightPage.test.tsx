import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer({ height: 170 }) });
});

/** A record of `jin` at 170 cm; BMI as the server computes it. */
function record(id: string, jin: number, createTime: string) {
  const bmi = Math.round((jin / 2 / 1.7 / 1.7) * 100) / 100;
  return { weightId: id, weight: jin / 2, weightJin: jin, height: 170, bmi, bmiCode: 3, bmiLabel: '偏重', createTime };
}

// Newest first: 150 jin (BMI 25.95, 偏重), 148, 145 (the first).
const RECORDS = [
  record('3', 150, '2026-11-20 08:00:00'),
  record('2', 148, '2026-11-10 08:00:00'),
  record('1', 145, '2026-11-01 08:00:00'),
];

describe('/weightDetails', () => {
  it('shows the latest weight in jin, its BMI label and colour, the changes and the ideal weight', async () => {
    const server = fakeApi({
      'GET /weight/v1/queryList': () => ({ items: RECORDS, currentPage: 1, totalPage: 1 }),
      'GET /weight/v1/getPreviousRecord': (call) =>
        call.query.get('createTimeStr') === '2026-11-20 08:00:00' ? RECORDS[1] : RECORDS[2],
    });
    renderApp('/weightDetails');
    expect((await screen.findByLabelText('当前体重')).textContent).toBe('150');
    expect(screen.getByLabelText('记录时间').textContent).toBe('2026-11-20 08:00');
    expect(screen.getByLabelText('BMI分类').textContent).toBe('偏重');
    const badge = screen.getByTestId('bmi-badge');
    expect(badge.getAttribute('data-colour')).toBe('orange');
    expect(badge.textContent).toContain('BMI 25.95');
    await waitFor(() => expect(screen.getByLabelText('较上次变化').textContent).toBe('+2斤'));
    expect(screen.getByLabelText('较第一次变化').textContent).toBe('+5斤');
    // BMI 21.25 at 170 cm: 61.41 kg → 122.8 jin; marks at 18.5 / 24 / 28.
    expect(screen.getByLabelText('理想体重').textContent).toBe('122.8斤');
    expect(screen.getByLabelText('理想体重刻度').textContent).toBe('<106.9106.9~138.7138.7~161.8≥161.8');
    expect(server.called('GET /weight/v1/getPreviousRecord')[0]?.query.get('createTimeStr')).toBe(
      '2026-11-20 08:00:00',
    );

    // Choosing an older point reloads the comparison with its previous record.
    fireEvent.click(screen.getByRole('button', { name: '11-10 148斤' }));
    await waitFor(() => expect(screen.getByLabelText('当前体重').textContent).toBe('148'));
    await waitFor(() => expect(screen.getByLabelText('较上次变化').textContent).toBe('+3斤'));
    expect(screen.getByLabelText('较第一次变化').textContent).toBe('+3斤');
  });

  it.each([
    [70, '偏轻', 'blue'],
    [120, '标准', 'green'],
    [170, '过重', 'red'],
  ])('labels %d jin at 170 cm %s with a %s border', async (jin, label, colour) => {
    fakeApi({
      'GET /weight/v1/queryList': () => ({
        items: [record('1', jin, '2026-11-20 08:00:00')],
        currentPage: 1,
        totalPage: 1,
      }),
      'GET /weight/v1/getPreviousRecord': () => null,
    });
    renderApp('/weightDetails');
    expect((await screen.findByLabelText('BMI分类')).textContent).toBe(label);
    expect(screen.getByTestId('bmi-badge').getAttribute('data-colour')).toBe(colour);
    await waitFor(() => expect(screen.getByLabelText('较上次变化').textContent).toBe('--'));
    expect(screen.getByLabelText('较第一次变化').textContent).toBe('0斤');
  });

  it('asks for the height while it is unknown, then the weight, and saves with one decimal', async () => {
    resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer({ height: null }) });
    let saved = false;
    const server = fakeApi({
      'GET /weight/v1/queryList': () => ({
        items: saved ? [record('1', 130.5, '2026-11-20 08:00:00')] : [],
        currentPage: 1,
        totalPage: saved ? 1 : 0,
      }),
      'GET /weight/v1/getPreviousRecord': () => null,
      'POST /weight/v1/add': () => {
        saved = true;
        return record('1', 130.5, '2026-11-20 08:00:00');
      },
    });
    renderApp('/weightDetails');
    fireEvent.click(await screen.findByRole('button', { name: '记录体重' }));
    const dialog = await screen.findByRole('dialog', { name: '记录体重' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写身高')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '身高' }), { target: { value: '170' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写体重')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '体重' }), { target: { value: '130.55' } });
    expect(within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: '体重' }).value).toBe('130.5');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(server.called('POST /weight/v1/add')[0]?.body).toEqual({ weight: 130.5, height: 170 });
    expect((await screen.findByLabelText('当前体重')).textContent).toBe('130.5');
  });

  it('confirms before deleting and reloads', async () => {
    let items = RECORDS;
    const server = fakeApi({
      'GET /weight/v1/queryList': () => ({ items, currentPage: 1, totalPage: 1 }),
      'GET /weight/v1/getPreviousRecord': () => null,
      'POST /weight/v1/delete': () => {
        items = RECORDS.slice(1);
        return { done: true };
      },
    });
    renderApp('/weightDetails');
    await screen.findByLabelText('当前体重');
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除此条记录吗?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByLabelText('当前体重').textContent).toBe('148'));
    expect(server.called('POST /weight/v1/delete')[0]?.body).toEqual({ weightId: '3' });
  });
});
