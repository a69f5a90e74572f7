// The after-sales catalogue pages in jsdom against a stubbed network: what each page lists, what its
// forms send (and refuse before sending), and that a saved guide is shown as the API stored it, in a
// frame that runs no script.
import { DEFAULT_TIMEOUT_MS } from '@glucoguard/sdk';
import { tokens } from '@glucoguard/ui';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { stubNetwork, type Call } from '../../../test/network';
import { LARGE_UPLOAD_TIMEOUT_MS } from '../../api';
import {
  uploadAfterSalesImage,
  uploadManual,
  type Category,
  type Guide,
  type Policy,
  type Product,
  type Shop,
} from './catalogue';
import GuidesPage from './GuidesPage';
import PolicyPage from './PolicyPage';
import ProductsPage from './ProductsPage';
import ShopsPage from './ShopsPage';

// ProseMirror asks a range for its rectangles, which jsdom does not lay out.
Object.assign(Range.prototype, {
  getBoundingClientRect: () => new DOMRect(0, 0, 0, 0),
  getClientRects: () => Object.assign([] as DOMRect[], { item: () => null }),
});
Object.assign(document, { elementFromPoint: () => null });

const METERS: Category = { id: 1, name: '血糖仪', iconUrl: '', sort: 1, status: 1, updateTime: '2026-11-01 09:00:00' };
const CUFFS: Category = { id: 2, name: '血压计', iconUrl: '', sort: 2, status: 0, updateTime: '2026-11-01 09:00:00' };

const G1: Product = {
  id: 11,
  name: '糖护 4G 血糖仪 G1',
  iconUrl: '',
  categoryId: 1,
  categoryName: '血糖仪',
  deviceType: 0,
  warMonths: 12,
  videoUrl: 'https://video.example.com/g1.mp4',
  manualUrl: 'manual/g1.pdf',
  manualImages: ['uploads/aftersales/p1.png', 'uploads/aftersales/p2.png'],
  remark: '',
  warUrl: '',
  warrantyRemark: '自收货之日起12个月',
  sort: 1,
  status: 1,
  updateTime: '2026-11-01 09:00:00',
};
const B1: Product = {
  ...G1,
  id: 21,
  name: '臂式血压计 B1',
  categoryId: 2,
  categoryName: '血压计',
  deviceType: 1,
  warMonths: 24,
  videoUrl: '',
  manualUrl: '',
  manualImages: [],
  status: 0,
};
/** What the model dialog sends for G1 unchanged: every field but the ones the API keeps itself. */
const { id: _id, categoryName: _categoryName, updateTime: _updateTime, ...G1_INPUT } = G1;

const GUIDE: Guide = {
  guideId: 5,
  title: '第一次使用血糖仪',
  iconUrl: '',
  guideType: 1,
  productId: 11,
  categoryId: 1,
  content: '<h2>开机</h2><p>长按电源键三秒。</p>',
  contentUrl: '',
  sort: 0,
  status: 1,
  updateTime: '2026-11-02 10:00:00',
};

const SHOP: Shop = {
  shopId: 3,
  name: '糖护授权服务中心（徐汇店）',
  province: '上海市',
  city: '上海市',
  district: '徐汇区',
  address: '漕溪北路 100 号',
  phone: '021-64001234',
  openHours: '09:00-18:00',
  sort: 0,
  status: 1,
  updateTime: '2026-11-02 10:00:00',
};

const CLAUSES = ['保修范围', '保修凭证', '服务方式', '24小时快速处理', '保外收费'].map((title) => ({
  title,
  body: `${title}的说明`,
}));
const POLICIES: Policy[] = [
  { sourceId: 3, clauses: CLAUSES, hotline: '400-800-3333', serviceHours: '7:00-00:30', updateTime: null },
  { sourceId: 4, clauses: CLAUSES, hotline: '400-800-4444', serviceHours: '7:00-00:30', updateTime: null },
];

const page = <T,>(items: T[]) => ({ items, currentPage: 1, totalPage: 1, totalNum: items.length });

function catalogue(call: Call): unknown {
  const { method, path, query } = call;
  if (path.endsWith('/after-sales/categories')) {
    return { items: [METERS, CUFFS] };
  }
  if (method === 'GET' && path.endsWith('/after-sales/products')) {
    const categoryId = query.get('categoryId');
    return page([G1, B1].filter((p) => categoryId === null || String(p.categoryId) === categoryId));
  }
  if (method === 'GET' && path.endsWith('/after-sales/guides')) {
    return page([GUIDE]);
  }
  if (method === 'GET' && path.endsWith('/after-sales/shops')) {
    return page([SHOP]);
  }
  if (method === 'GET' && path.endsWith('/after-sales/policies')) {
    return { items: POLICIES };
  }
  return null;
}

function show(node: ReactNode, answer: (call: Call) => unknown = catalogue) {
  const calls = stubNetwork(answer);
  render(<App>{node}</App>);
  return calls;
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const row = (text: string) => screen.getByRole('row', { name: new RegExp(text.replace(/[()（）]/g, '.')) });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })));

/** The models page with G1's dialog open: the calls made so far and after. */
async function editG1() {
  const calls = show(<ProductsPage />);
  await screen.findByText('共 2 个型号');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: `编辑型号 ${G1.name}` })));
  return calls;
}

/** The guides page with GUIDE's dialog open, the API answering as `answer` does. */
async function editGuide(answer: (call: Call) => unknown) {
  const calls = show(<GuidesPage />, answer);
  await screen.findByText('共 1 条');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: `编辑 ${GUIDE.title}` })));
  return calls;
}

describe('ProductsPage', () => {
  it('lists the types and every model with its device type, warranty and manual', async () => {
    show(<ProductsPage />);
    await screen.findByText('共 2 个型号');
    const g1 = within(row(G1.name));
    expect(g1.getByText('血糖仪', { selector: 'td' })).toBeTruthy();
    expect(g1.getByText('12 个月')).toBeTruthy();
    expect(g1.getByText('视频')).toBeTruthy();
    expect(g1.getByText('PDF说明书')).toBeTruthy();
    expect(g1.getByText('说明书 2 页')).toBeTruthy();
    const b1 = within(row(B1.name));
    expect(b1.getByText('血压计', { selector: 'td' })).toBeTruthy();
    expect(b1.getByText('暂无')).toBeTruthy();
    expect(b1.getByText('隐藏')).toBeTruthy();
  });

  it('lists only the models of the type chosen, and all again when it is chosen twice', async () => {
    const calls = show(<ProductsPage />);
    await screen.findByText('共 2 个型号');
    await act(async () => fireEvent.click(screen.getByRole('row', { name: /^血压计 隐藏/ })));
    await screen.findByText('共 1 个型号');
    expect(
      calls
        .filter((c) => c.path.endsWith('/products'))
        .at(-1)
        ?.query.get('categoryId'),
    ).toBe('2');
    expect(screen.getByText('血压计的型号')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('row', { name: /^血压计 隐藏/ })));
    await screen.findByText('共 2 个型号');
  });

  it('sends every field of a changed model, texts trimmed', async () => {
    const calls = await editG1();
    const name = await screen.findByDisplayValue(G1.name);
    fireEvent.change(name, { target: { value: '  糖护 4G 血糖仪 G2  ' } });
    await save();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const [sent] = posts(calls);
    expect(sent?.path).toBe('/api/console/v1/after-sales/products/11');
    expect(sent?.body).toEqual({ ...G1_INPUT, name: '糖护 4G 血糖仪 G2' });
  });

  it('refuses a video address that is not https before sending', async () => {
    const calls = await editG1();
    const video = await screen.findByDisplayValue(G1.videoUrl);
    fireEvent.change(video, { target: { value: 'http://video.example.com/g1.mp4' } });
    await save();
    expect(await screen.findByText('视频地址须为https地址')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('shows the manual as a link to the stored PDF with its pages in order', async () => {
    await editG1();
    const link = await screen.findByRole('link', { name: /g1\.pdf/ });
    expect(link.getAttribute('href')).toBe('/api/files/manual/g1.pdf');
    expect(screen.getByRole('img', { name: '说明书第1页' }).getAttribute('src')).toBe(
      '/api/files/uploads/aftersales/p1.png',
    );
    expect(screen.getByRole('img', { name: '说明书第2页' })).toBeTruthy();
  });
});

describe('GuidesPage', () => {
  const STORED = '<h2>开机</h2><p>长按电源键三秒。</p>';

  it('lists a guide with its type, product and how much it says', async () => {
    show(<GuidesPage />);
    await screen.findByText('共 1 条');
    const guide = within(row(GUIDE.title));
    expect(guide.getByText('使用指南')).toBeTruthy();
    await waitFor(() => expect(guide.getByText(G1.name)).toBeTruthy());
    expect(guide.getByText('图文 10 字')).toBeTruthy();
  });

  it('sends the rich text, then shows what the API stored in a frame without scripts', async () => {
    const calls = await editGuide((call) => {
      if (call.method === 'POST' && call.path.endsWith('/guides/5')) {
        // The API sanitises: whatever was sent, the stored content has no script.
        return { ...GUIDE, title: '开机与采血', content: STORED };
      }
      return catalogue(call);
    });
    const title = await screen.findByDisplayValue(GUIDE.title);
    fireEvent.change(title, { target: { value: '开机与采血' } });
    await screen.findByRole('textbox', { name: '正文' });
    await save();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      title: '开机与采血',
      iconUrl: '',
      guideType: 1,
      categoryId: 1,
      productId: 11,
      content: GUIDE.content,
      contentUrl: '',
      sort: 0,
      status: 1,
    });
    const frame = await screen.findByTitle('保存后的内容');
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain(STORED);
    // Styled with the patient page's design tokens, no colour of its own.
    expect(frame.getAttribute('srcdoc')).toContain(`color:${tokens.colorText}`);
    expect(frame.getAttribute('srcdoc')).toContain(`a{color:${tokens.colorPrimary}}`);
    expect(screen.getByText('已保存：开机与采血')).toBeTruthy();
  });

  it('refuses a jump address that is not https, and sends no rich text with one', async () => {
    const calls = await editGuide((call) =>
      call.method === 'POST' ? { ...GUIDE, content: '', contentUrl: 'https://help.example.com/g1' } : catalogue(call),
    );
    await screen.findByDisplayValue(GUIDE.title);
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: '跳转链接' })));
    const address = await screen.findByPlaceholderText('https://');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    await save();
    expect(await screen.findByText('跳转地址须为https地址')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    fireEvent.change(address, { target: { value: ' https://help.example.com/g1 ' } });
    await save();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ content: '', contentUrl: 'https://help.example.com/g1' });
  });
});

describe('ShopsPage', () => {
  it('sends the region as names and the shop as typed', async () => {
    const calls = show(<ShopsPage />);
    await screen.findByText('共 1 家门店');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `编辑门店 ${SHOP.name}` })));
    const phone = await screen.findByDisplayValue(SHOP.phone);
    fireEvent.change(phone, { target: { value: '021-6400abc' } });
    await save();
    expect(await screen.findByText('请输入正确的联系电话')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    fireEvent.change(phone, { target: { value: '021-64005678' } });
    await save();
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      name: SHOP.name,
      province: '上海市',
      city: '上海市',
      district: '徐汇区',
      address: SHOP.address,
      phone: '021-64005678',
      openHours: '09:00-18:00',
      sort: 0,
      status: 1,
    });
  });
});

describe('PolicyPage', () => {
  it("shows each brand's five clauses and saves them with the hotline", async () => {
    const calls = show(<PolicyPage />);
    expect(await screen.findByRole('tab', { name: '医疗品牌（默认）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '健康品牌' })).toBeTruthy();
    for (let n = 1; n <= 5; n += 1) {
      expect(screen.getAllByRole('textbox', { name: `第${n}条内容` }).length).toBeGreaterThan(0);
    }
    const [hotline] = screen.getAllByDisplayValue('400-800-4444');
    fireEvent.change(hotline!, { target: { value: '400-800-44a4' } });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: /保\s*存/ })[0]!));
    expect(await screen.findByText('请输入正确的服务热线')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    fireEvent.change(hotline!, { target: { value: ' 400-800-4445 ' } });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: /保\s*存/ })[0]!));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.path).toBe('/api/console/v1/after-sales/policies/4');
    expect(posts(calls)[0]?.body).toEqual({ clauses: CLAUSES, hotline: '400-800-4445', serviceHours: '7:00-00:30' });
  });
});

describe('the uploads', () => {
  it('gives the manual PDF two minutes, not the default 9 s, and leaves the pictures on the default', async () => {
    // Which time-out each call arms, read at the platform's AbortSignal.timeout (the SDK arms one per call).
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const calls = stubNetwork((call) => ({
      path: call.path.endsWith('/manuals') ? 'manuals/g1.pdf' : 'uploads/273/a.png',
    }));
    try {
      const pdf = new Blob(['%PDF-1.7\n'], { type: 'application/pdf' });
      await expect(uploadManual(pdf)).resolves.toBe('manuals/g1.pdf');
      expect(timeout.mock.calls.at(-1)).toEqual([LARGE_UPLOAD_TIMEOUT_MS]);
      expect(LARGE_UPLOAD_TIMEOUT_MS).toBeGreaterThanOrEqual(120_000);
      await expect(uploadAfterSalesImage(new Blob(['png'], { type: 'image/png' }))).resolves.toBe('uploads/273/a.png');
      expect(timeout.mock.calls.at(-1)).toEqual([DEFAULT_TIMEOUT_MS]);
      expect(calls.map((call) => call.path)).toEqual([
        '/api/console/v1/after-sales/manuals',
        '/api/console/v1/after-sales/images',
      ]);
    } finally {
      timeout.mockRestore();
    }
  });
});
