import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, dialogsClosed, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { setReportImageTools } from './prepareReport';

beforeAll(() => {
  installAntdMobileRender();
});

/** What the fake previewer draws: jsdom has no canvas, so a stand-in of 4 bytes. */
const PREVIEW_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
  setReportImageTools({
    compress: () => Promise.reject(new Error('no photo in these tests needs compressing')),
    preview: async () => new Blob([PREVIEW_BYTES], { type: 'image/jpeg' }),
  });
});

const PATH = '/examiningReport/uploadExaminingReport';
const REPORT_TYPES = [
  { itemKey: '1', itemValue: '血糖' },
  { itemKey: '4', itemValue: '尿酸' },
  { itemKey: '3', itemValue: '血脂' },
  { itemKey: '2', itemValue: '血压' },
  { itemKey: '5', itemValue: '其他' },
];

function report(id: string, typeCode: number, reportName: string) {
  return {
    reportId: id,
    reportName,
    typeCode,
    reportUrl: `uploads/274/2026/11/20/photo${id}.png`,
    pressReportUrl: `uploads/274/2026/11/20/small${id}.jpg`,
    updateTime: '2026-11-20 10:00:00',
  };
}

/** A fake server holding `reports`, answering pages of `pageSize` as the API does. */
function server(reports: ReturnType<typeof report>[], extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /dictionary/v1/getByCodes': () => ({ report_type: REPORT_TYPES }),
    'GET /customer/v1/pageQueryReport': (call) => {
      const pageNo = Number(call.query.get('pageNo') ?? 1);
      const pageSize = Number(call.query.get('pageSize') ?? 100);
      return {
        items: reports.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        currentPage: pageNo,
        totalPage: Math.ceil(reports.length / pageSize),
      };
    },
    ...extra,
  });
}

const gallery = (label: string) => screen.getByRole('region', { name: new RegExp(`^${label}`) });
const choosePhoto = (file: File) =>
  fireEvent.change(screen.getByLabelText('选择报告图片'), { target: { files: [file] } });
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'report.png', {
    type: 'image/png',
  });

describe('mine', () => {
  it('links the uploaded reports as 检查报告', async () => {
    renderApp('/?tab=mine');
    const list = await screen.findByRole('list', { name: '更多服务' });
    expect(
      within(list)
        .getByRole('link', { name: /检查报告/ })
        .getAttribute('href'),
    ).toBe('/examiningReport/uploadExaminingReport');
  });
});

describe(PATH, () => {
  it('shows the five galleries in order, each with its count and previews, reading every page', async () => {
    const reports = [
      report('3', 1, '空腹血糖'),
      report('2', 2, '血压单'),
      ...Array.from({ length: 100 }, (_, i) => report(String(100 + i), 5, `其他${i}`)),
      report('1', 1, '糖化'),
    ];
    const api = server(reports);
    renderApp(PATH);
    expect(await screen.findByRole('img', { name: '空腹血糖' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '血糖2/50',
      '尿酸0/50',
      '血脂0/50',
      '血压1/50',
      '其他100/50',
    ]);
    expect(
      within(gallery('血糖'))
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual([
      ['空腹血糖', '/api/files/uploads/274/2026/11/20/small3.jpg'],
      ['糖化', '/api/files/uploads/274/2026/11/20/small1.jpg'],
    ]);
    expect(within(gallery('尿酸')).getByText('暂无报告')).toBeTruthy();
    expect(
      api.called('GET /customer/v1/pageQueryReport').map((c) => [c.query.get('pageNo'), c.query.get('pageSize')]),
    ).toEqual([
      ['1', '100'],
      ['2', '100'],
    ]);
  });

  it('uploads a chosen photo after its type and name: the name is checked first', async () => {
    const reports = [report('1', 1, '空腹血糖')];
    const api = server(reports, {
      'POST /customer/v1/uploadReport': (call) => {
        const body = call.body as { reportName: string; typeCode: number };
        const stored = report('9', body.typeCode, body.reportName);
        reports.unshift(stored);
        return stored;
      },
    });
    renderApp(PATH);
    await screen.findByRole('img', { name: '空腹血糖' });
    choosePhoto(png());
    expect(await screen.findByText('请选择报告类型')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: '血脂' }));
    const dialog = await screen.findByRole('dialog', { name: '填写报告名称' });
    const name = within(dialog).getByRole('textbox', { name: '报告名称' });

    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请填写报告名')).toBeTruthy();
    fireEvent.change(name, { target: { value: '一二三四五六七八九' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('报告名称不能多余8个字符')).toBeTruthy();
    expect(api.called('POST /customer/v1/uploadReport')).toHaveLength(0);

    fireEvent.change(name, { target: { value: ' 血脂四项 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('上传成功')).toBeTruthy();
    const [sent] = api.called('POST /customer/v1/uploadReport');
    // The 4-byte preview is smaller than the 11-byte photo, so it goes along.
    expect(sent?.body).toEqual({
      reportName: '血脂四项',
      typeCode: 3,
      data: btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3)),
      pressData: btoa(String.fromCharCode(...PREVIEW_BYTES)),
    });
    await waitFor(() => expect(within(gallery('血脂')).getByRole('img', { name: '血脂四项' })).toBeTruthy());
    expect(within(gallery('血脂')).getByLabelText('血脂报告数量').textContent).toBe('1/50');
  });

  it('refuses a photo that is not jpg or png before asking anything', async () => {
    const api = server([]);
    renderApp(PATH);
    await screen.findAllByText('暂无报告');
    choosePhoto(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('报告图片只支持jpg、png格式')).toBeTruthy();
    expect(screen.queryByRole('option', { name: '其他' })).toBeNull();
    expect(api.called('POST /customer/v1/uploadReport')).toHaveLength(0);
  });

  it('says a type holding 50 reports is full instead of asking for a name', async () => {
    const api = server(Array.from({ length: 50 }, (_, i) => report(String(i + 1), 4, `尿酸${i}`)));
    renderApp(PATH);
    await screen.findByRole('img', { name: '尿酸0' });
    choosePhoto(png());
    fireEvent.click(await screen.findByRole('option', { name: '尿酸' }));
    expect(await screen.findByText('暂时您只能上传50张报告')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '填写报告名称' })).toBeNull();
    expect(api.called('POST /customer/v1/uploadReport')).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    server([], {
      'POST /customer/v1/uploadReport': () => {
        throw apiFailure(40000, '暂时您只能上传50张报告');
      },
    });
    renderApp(PATH);
    await screen.findAllByText('暂无报告');
    choosePhoto(png());
    fireEvent.click(await screen.findByRole('option', { name: '血糖' }));
    fireEvent.change(
      within(await screen.findByRole('dialog', { name: '填写报告名称' })).getByRole('textbox', { name: '报告名称' }),
      { target: { value: '血糖' } },
    );
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('暂时您只能上传50张报告')).toBeTruthy();
  });

  it('opens a report full-screen and deletes it after confirmation', async () => {
    const reports = [report('7', 2, '动态血压'), report('8', 2, '血压单')];
    const api = server(reports, {
      'POST /customer/v1/deleteReport': (call) => {
        const index = reports.findIndex((r) => r.reportId === (call.body as { reportId: string }).reportId);
        reports.splice(index, 1);
        return { ok: true };
      },
    });
    renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '查看动态血压' }));
    const viewer = screen.getByRole('dialog', { name: '动态血压' });
    expect(within(viewer).getByRole('img', { name: '动态血压' }).getAttribute('src')).toBe(
      '/api/files/uploads/274/2026/11/20/photo7.png',
    );
    expect(within(viewer).getByText('2026-11-20 10:00')).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除这张报告吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(api.called('POST /customer/v1/deleteReport').map((c) => c.body)).toEqual([{ reportId: '7' }]);
    await waitFor(() => expect(screen.queryByRole('img', { name: '动态血压' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: '动态血压' })).toBeNull();
    expect(within(gallery('血压')).getByLabelText('血压报告数量').textContent).toBe('1/50');
  });

  it('keeps a report when the deletion is cancelled, and says when it is already gone', async () => {
    const api = server([report('7', 3, '血脂')], {
      'POST /customer/v1/deleteReport': () => {
        throw apiFailure(40400, '本条数据已被删除', 404);
      },
    });
    renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '查看血脂' }));
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await dialogsClosed();
    expect(api.called('POST /customer/v1/deleteReport')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: '血脂' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('本条数据已被删除')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '血脂' })).toBeNull());
  });

  it('zooms the full-screen photo and closes it', async () => {
    server([report('7', 5, '出院小结')]);
    renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '查看出院小结' }));
    const viewer = screen.getByRole('dialog', { name: '出院小结' });
    fireEvent.click(within(viewer).getByRole('button', { name: '放大' }));
    expect(within(viewer).getByRole('img').style.width).toBe('200%');
    fireEvent.click(within(viewer).getByRole('button', { name: '还原' }));
    expect(within(viewer).getByRole('img').style.width).toBe('100%');
    fireEvent.click(within(viewer).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog', { name: '出院小结' })).toBeNull();
  });

  it('explains the upload with the limit of 50 a type', async () => {
    server([]);
    renderApp(PATH);
    fireEvent.click(await screen.findByRole('button', { name: '上传说明' }));
    expect(await screen.findByText('4. 每种类型最多保存50张报告。')).toBeTruthy();
    expect(screen.getByText('2. 报告名称最多8个字。')).toBeTruthy();
  });
});
