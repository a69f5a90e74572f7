import { labGuide } from '@glucoguard/domain';
import { installAntdMobileRender, tokens } from '@glucoguard/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFailure, fakeApi, resetStores } from '../../../test-utils';
import KetoneView from './KetoneView';
import UricAcidView from './UricAcidView';

// The canvas chart does not run in jsdom; the chart view is checked through the series it is given.
vi.mock('@glucoguard/ui', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  TrendChart: ({
    series,
    'aria-label': label,
  }: {
    series: { points: { time: number; value: number }[] }[];
    'aria-label': string;
  }) => (
    <div role="img" aria-label={label}>
      {series[0]?.points
        .map((p) => ({ ...p }))
        .sort((a, b) => a.time - b.time)
        .map((p) => `${new Date(p.time).toISOString()}=${p.value}`)
        .join(';')}
    </div>
  ),
}));

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1' });
});

/** A token's #rrggbb as the browser reports an element's colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const ketone = (id: string, value: number, createTime = '2026-11-20 08:00:00') => ({
  id,
  ketone: value,
  remark: '',
  createTime,
  level: 'normal',
});
const urine = (id: string, value: number, createTime = '2026-11-20 08:00:00') => ({
  id,
  urine: value,
  remark: '',
  createTime,
  level: 'normal',
});

describe('ketone and uric acid tables', () => {
  it('colours ketone values by the domain bands', async () => {
    fakeApi({
      'GET /ketoneTest/v1/pageQueryList': () => ({
        items: [ketone('1', 0), ketone('2', 3.2), ketone('3', 8)],
        currentPage: 1,
        totalPage: 1,
      }),
    });
    render(<KetoneView view="table" />);
    const high = await screen.findByText('8');
    expect(high.getAttribute('data-band')).toBe('high');
    expect(high.style.color).toBe(rgb(tokens.colorBandRed));
    expect(screen.getByText('0').getAttribute('data-band')).toBe('low');
    expect(screen.getByText('0').style.color).toBe(rgb(tokens.colorBandYellow));
    expect(screen.getByText('3.2').getAttribute('data-band')).toBe('normal');
    expect(screen.getByText('3.2').style.color).toBe(rgb(tokens.colorBandGreen));
  });

  it('colours uric acid values by the domain bands and asks for the latest 30 days, 20 a page', async () => {
    const server = fakeApi({
      'GET /urineTest/v1/pageQueryList': () => ({
        items: [urine('1', 178), urine('2', 400), urine('3', 1190)],
        currentPage: 1,
        totalPage: 1,
      }),
    });
    render(<UricAcidView view="table" />);
    expect((await screen.findByText('1190')).getAttribute('data-band')).toBe('high');
    expect(screen.getByText('178').getAttribute('data-band')).toBe('low');
    expect(screen.getByText('400').getAttribute('data-band')).toBe('normal');
    const [call] = server.called('GET /urineTest/v1/pageQueryList');
    expect(call?.query.get('pageNo')).toBe('1');
    expect(call?.query.get('pageSize')).toBe('20');
    expect(call?.query.get('createStartTime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['ketone', '暂无血酮数据'],
    ['uricAcid', '暂无尿酸数据'],
  ] as const)('shows the %s empty state', async (kind, text) => {
    fakeApi({
      'GET /ketoneTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
      'GET /urineTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
    });
    render(kind === 'ketone' ? <KetoneView view="table" /> : <UricAcidView view="table" />);
    expect(await screen.findByText(text)).toBeTruthy();
    // It explains itself: what the reading is, its reference range and how readings arrive.
    const guide = screen.getByRole('region', { name: '说明' });
    expect(guide.textContent).toContain(labGuide(kind).what);
    expect(guide.textContent).toContain(labGuide(kind).range);
    expect(guide.textContent).toContain(`目前可绑定的血糖仪、血压计都不测量${kind === 'ketone' ? '血酮' : '尿酸'}`);
  });

  it.each([
    ['ketone', '无血酮测试数据'],
    ['uricAcid', '无尿酸测试数据'],
  ] as const)('explains an empty %s chart the same way', async (kind, text) => {
    fakeApi({
      'GET /ketoneTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
      'GET /urineTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
    });
    render(kind === 'ketone' ? <KetoneView view="chart" /> : <UricAcidView view="chart" />);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('region', { name: '说明' }).textContent).toContain(labGuide(kind).how);
  });

  it("offers the report screens' one range control: every range in sight, one tap to change", async () => {
    const server = fakeApi({
      'GET /ketoneTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
    });
    render(<KetoneView view="table" />);
    const ranges = within(await screen.findByRole('group', { name: '日期范围' }));
    expect(ranges.getAllByRole('option').map((o) => o.textContent)).toEqual(['近30天', '近60天', '近90天']);
    fireEvent.click(ranges.getByText('近90天'));
    await waitFor(() => expect(server.called('GET /ketoneTest/v1/pageQueryList')).toHaveLength(2));
  });
});

describe('the add popup', () => {
  it('warns about an empty value yet still sends the save', async () => {
    const server = fakeApi({
      'GET /ketoneTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
      'POST /ketoneTest/v1/add': () => {
        throw apiFailure(40000, '请输入血酮值!');
      },
    });
    render(<KetoneView view="table" />);
    fireEvent.click(await screen.findByRole('button', { name: '添加血酮' }));
    const dialog = await screen.findByRole('dialog', { name: '添加血酮' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入血酮值!')).toBeTruthy();
    await waitFor(() => expect(server.called('POST /ketoneTest/v1/add')).toHaveLength(1));
    expect(server.called('POST /ketoneTest/v1/add')[0]?.body).toMatchObject({ ketone: null, remark: '' });
  });

  it('uses the uric acid wording for an empty value', async () => {
    fakeApi({
      'GET /urineTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
      'POST /urineTest/v1/add': () => {
        throw apiFailure(40000, '请输入尿酸值!');
      },
    });
    render(<UricAcidView view="table" />);
    fireEvent.click(await screen.findByRole('button', { name: '添加尿酸' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '添加尿酸' })).getByRole('button', { name: '保存' }),
    );
    expect(await screen.findByText('请输入尿酸值!')).toBeTruthy();
  });

  it('saves, says 保存成功!, clears the form and reloads page 1', async () => {
    let saved = false;
    const server = fakeApi({
      'GET /ketoneTest/v1/pageQueryList': () => ({
        items: saved ? [ketone('9', 1.5)] : [],
        currentPage: 1,
        totalPage: saved ? 1 : 0,
      }),
      'POST /ketoneTest/v1/add': () => {
        saved = true;
        return ketone('9', 1.5);
      },
    });
    render(<KetoneView view="table" />);
    await screen.findByText('暂无血酮数据');
    fireEvent.click(screen.getByRole('button', { name: '添加血酮' }));
    const dialog = await screen.findByRole('dialog', { name: '添加血酮' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '血酮值' }), { target: { value: '1.55' } });
    fireEvent.change(within(dialog).getByPlaceholderText('备注'), { target: { value: '早饭前' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功!')).toBeTruthy();
    const body = server.called('POST /ketoneTest/v1/add')[0]?.body as {
      ketone: number;
      createTimeStr: string;
      remark: string;
    };
    expect(body.ketone).toBe(1.5);
    expect(body.remark).toBe('早饭前');
    expect(body.createTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
    expect(await screen.findByText('1.5')).toBeTruthy();
    const pages = server.called('GET /ketoneTest/v1/pageQueryList').map((call) => call.query.get('pageNo'));
    expect(pages).toEqual(['1', '1']);
    fireEvent.click(screen.getByRole('button', { name: '添加血酮' }));
    const reopened = await screen.findByRole('dialog', { name: '添加血酮' });
    expect(within(reopened).getByRole<HTMLInputElement>('spinbutton', { name: '血酮值' }).value).toBe('');
    expect(within(reopened).getByPlaceholderText<HTMLTextAreaElement>('备注').value).toBe('');
  });

  it('clears value and remark on cancel, and refuses emoji in the remark', async () => {
    fakeApi({ 'GET /urineTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }) });
    render(<UricAcidView view="table" />);
    fireEvent.click(await screen.findByRole('button', { name: '添加尿酸' }));
    let dialog = await screen.findByRole('dialog', { name: '添加尿酸' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '尿酸值' }), { target: { value: '420.7' } });
    expect(within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: '尿酸值' }).value).toBe('420');
    fireEvent.change(within(dialog).getByPlaceholderText('备注'), { target: { value: '好😀' } });
    expect(await screen.findByText('请不要输入表情')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('备注'), { target: { value: '饭后' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    fireEvent.click(screen.getByRole('button', { name: '添加尿酸' }));
    dialog = await screen.findByRole('dialog', { name: '添加尿酸' });
    expect(within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: '尿酸值' }).value).toBe('');
    expect(within(dialog).getByPlaceholderText<HTMLTextAreaElement>('备注').value).toBe('');
  });

  it('opens the time picker as a second popup and cancelling it closes and clears the form', async () => {
    fakeApi({ 'GET /ketoneTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }) });
    render(<KetoneView view="table" />);
    fireEvent.click(await screen.findByRole('button', { name: '添加血酮' }));
    const dialog = await screen.findByRole('dialog', { name: '添加血酮' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '血酮值' }), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '测量时间' }));
    const picker = await screen.findByRole('dialog', { name: '选择测量时间' });
    fireEvent.click(within(picker).getByRole('button', { name: '取消' }));
    fireEvent.click(screen.getByRole('button', { name: '添加血酮' }));
    const reopened = await screen.findByRole('dialog', { name: '添加血酮' });
    expect(within(reopened).getByRole<HTMLInputElement>('spinbutton', { name: '血酮值' }).value).toBe('');
  });
});

describe('the charts', () => {
  it.each([
    ['ketone', '无血酮测试数据'],
    ['uricAcid', '无尿酸测试数据'],
  ] as const)('shows the %s chart empty state', async (kind, text) => {
    fakeApi({
      'GET /ketoneTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
      'GET /urineTest/v1/pageQueryList': () => ({ items: [], currentPage: 1, totalPage: 0 }),
    });
    render(kind === 'ketone' ? <KetoneView view="chart" /> : <UricAcidView view="chart" />);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('draws page 1 of 100 readings at their China times', async () => {
    const server = fakeApi({
      'GET /ketoneTest/v1/pageQueryList': () => ({
        items: [ketone('2', 2.5, '2026-11-20 08:00:00'), ketone('1', 1.2, '2026-11-19 08:00:00')],
        currentPage: 1,
        totalPage: 1,
      }),
    });
    render(<KetoneView view="chart" />);
    const chart = await screen.findByRole('img', { name: '血酮趋势图' });
    expect(chart.textContent).toBe('2026-11-19T00:00:00.000Z=1.2;2026-11-20T00:00:00.000Z=2.5');
    const [call] = server.called('GET /ketoneTest/v1/pageQueryList');
    expect(call?.query.get('pageNo')).toBe('1');
    expect(call?.query.get('pageSize')).toBe('100');
  });
});
