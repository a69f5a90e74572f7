import { bannerProductCode } from '@glucoguard/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { externalNavigation } from '../../components/externalNavigation';
import { useSession } from '../../store/session';
import { fakeApi, registeredPatientPageHooks, renderApp } from '../../test-utils';

registeredPatientPageHooks();

const CATEGORIES = [
  { id: 1, name: '血糖仪', iconUrl: '/api/product/v1/productImage/category-glucose.svg' },
  { id: 2, name: '血压计', iconUrl: '' },
];
const MODELS = [{ id: 11, name: '糖护 G1 血糖仪', iconUrl: '', categoryId: 1 }];
const PRODUCT = {
  id: 11,
  name: '糖护 G1 血糖仪',
  iconUrl: '',
  categoryId: 1,
  categoryName: '血糖仪',
  deviceType: 0,
  warMonths: 24,
  videoUrl: '',
  manualUrl: 'manuals/g1.pdf',
  manualImages: ['manuals/g1-1.png', 'manuals/g1-2.png'],
  remark: '请在 10–40℃ 下测量',
  warUrl: '',
  warrantyRemark: '自购买之日起 24 个月内免费保修',
};

describe('/serviceCenter', () => {
  it('shows the brand’s banners, the base services and the brand’s hotline, also to a visitor', async () => {
    useSession.setState({ isAuth: '0', customer: null, customerId: null });
    const api = fakeApi({
      'GET /product/v1/queryBanners': () => [
        { bannerId: 1, imgUrl: '/b1.svg', hrefUrl: '/repairFilling', title: '在线报修，进度随时查' },
      ],
    });
    const { router } = renderApp('/serviceCenter');
    await waitFor(() => expect(document.title).toBe('售后服务'));
    const banner = await screen.findByRole('img', { name: '在线报修，进度随时查' });
    expect(banner.closest('a')?.getAttribute('href')).toBe('/repairFilling');
    expect(api.called('GET /product/v1/queryBanners')[0]?.query.get('productCode')).toBe(bannerProductCode(4));
    const services = screen.getByRole('region', { name: '基础服务' });
    const href = (name: string) =>
      within(services)
        .getByRole('link', { name: new RegExp(name) })
        .getAttribute('href');
    expect(href('故障报修')).toBe('/repairFilling');
    expect(href('售后政策')).toBe('/servicePolicy');
    expect(href('保修查询')).toBe('/usageGuide?name=safe');
    expect(href('使用指南')).toBe('/usageGuide?name=guide');
    expect(href('常见故障')).toBe('/usageGuide?name=fault');
    expect(href('经销商采购')).toBe('/dealerProcurement');
    expect(href('授权门店')).toBe('/authorizationShop');
    expect(href('报修记录')).toBe('/faultServiceList');
    const contact = screen.getByRole('region', { name: '联系我们' });
    expect(within(contact).getByRole('link', { name: '400-826-0404' }).getAttribute('href')).toBe('tel:4008260404');
    expect(within(contact).getByText(/7:00–00:30/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/serviceCenter');
  });

  it('shows a banner stored as an uploads/ path (from the console) through the image domain', async () => {
    fakeApi({
      'GET /product/v1/queryBanners': () => [
        { bannerId: 2, imgUrl: 'uploads/273/banner-a1.png', hrefUrl: '', title: '以旧换新，限时优惠' },
      ],
    });
    renderApp('/serviceCenter');
    const banner = await screen.findByRole('img', { name: '以旧换新，限时优惠' });
    expect(banner.getAttribute('src')).toBe(`${useSession.getState().imgDomain}uploads/273/banner-a1.png`);
    expect(banner.getAttribute('src')).toMatch(/^\/api\/files\/uploads\/273\//);
  });

  it.each(['/servicePolicy', '/pdfDetail?productId=11', '/guaranteeList'])(
    'sends a visitor from %s, which is not on the spec’s list, to registration',
    async (address) => {
      useSession.setState({ isAuth: '0', customer: null, customerId: null });
      fakeApi({});
      const { router } = renderApp(address);
      await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    },
  );

  it('is listed as 售后服务 on mine', async () => {
    fakeApi({
      'GET /notice/v1/getBadgeCount': () => ({
        total: 0,
        notices: 0,
        followRequests: 0,
        chats: 0,
        followRequest: null,
      }),
    });
    renderApp('/?tab=mine');
    const menu = await screen.findByRole('list', { name: '更多服务' });
    expect(within(menu).getByRole('link', { name: '售后服务' }).getAttribute('href')).toBe('/serviceCenter');
  });
});

describe('/usageGuide', () => {
  it.each([
    ['safe', '厂方保修', '/factoryWarranty?productId=11&categoryId=1'],
    ['fault', '常见故障', '/commonFaults?productId=11&categoryId=1'],
    ['guide', '使用指南', '/usageGuideDetail?productId=11&categoryId=1'],
  ])('name=%s: the product types, then the models, each model leading on (%s)', async (name, title, target) => {
    const api = fakeApi({
      'GET /product/v1/queryCategoryList': () => CATEGORIES,
      'GET /product/v1/queryProductList': () => MODELS,
    });
    const { router } = renderApp(`/usageGuide?name=${name}`);
    await waitFor(() => expect(document.title).toBe(title));
    fireEvent.click(await screen.findByRole('link', { name: '血糖仪' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?name=${name}&categoryId=1`));
    const model = await screen.findByRole('link', { name: '糖护 G1 血糖仪' });
    expect(model.getAttribute('href')).toBe(target);
    expect(api.called('GET /product/v1/queryProductList')[0]?.query.get('categoryId')).toBe('1');
  });

  it('refuses emoji in the search box with 请不要输入表情 and searches types by name', async () => {
    const api = fakeApi({ 'GET /product/v1/queryCategoryList': () => CATEGORIES });
    renderApp('/usageGuide?name=guide');
    const box = await screen.findByRole('textbox', { name: '搜索产品类型' });
    fireEvent.change(box, { target: { value: '血糖😀' } });
    expect(await screen.findByText('请不要输入表情')).toBeTruthy();
    fireEvent.change(box, { target: { value: '血压' } });
    await waitFor(() =>
      expect(api.called('GET /product/v1/queryCategoryList').some((call) => call.query.get('name') === '血压')).toBe(
        true,
      ),
    );
  });
});

describe('the guide lists', () => {
  const GUIDES = [
    { guideId: 5, title: '屏幕显示 E-3 怎么办', iconUrl: '', guideType: 2, productId: 11, categoryId: 1 },
  ];

  it('/commonFaults lists the model’s fault guides (guideType 2), each opening /productUseSkill', async () => {
    const api = fakeApi({ 'GET /product/v1/queryGuideList': () => GUIDES });
    renderApp('/commonFaults?productId=11&categoryId=1');
    await waitFor(() => expect(document.title).toBe('常见故障'));
    const link = await screen.findByRole('link', { name: '屏幕显示 E-3 怎么办' });
    expect(link.getAttribute('href')).toBe('/productUseSkill?guideId=5');
    const query = api.called('GET /product/v1/queryGuideList')[0]?.query;
    expect([query?.get('guideType'), query?.get('productId'), query?.get('categoryId')]).toEqual(['2', '11', '1']);
  });

  it('/usageGuiDeList switches between usage (1) and fault (2) guides and says 暂无数据 when empty', async () => {
    const api = fakeApi({
      'GET /product/v1/queryGuideList': (call) => (call.query.get('guideType') === '2' ? GUIDES : []),
    });
    const { router } = renderApp('/usageGuiDeList?categoryId=1&name=血糖仪');
    await waitFor(() => expect(document.title).toBe('血糖仪'));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '常见故障' }));
    await screen.findByRole('link', { name: '屏幕显示 E-3 怎么办' });
    expect(router.state.location.search).toContain('guideType=2');
    expect(api.called('GET /product/v1/queryGuideList').map((call) => call.query.get('guideType'))).toEqual(['1', '2']);
  });

  it('/commonFaults?categoryId&name is titled with the product type’s name', async () => {
    fakeApi({ 'GET /product/v1/queryGuideList': () => GUIDES });
    renderApp('/commonFaults?categoryId=1&name=血糖仪');
    await waitFor(() => expect(document.title).toBe('血糖仪常见故障'));
    await screen.findByRole('link', { name: '屏幕显示 E-3 怎么办' });
  });

  it('/operationGuideList lists the usage guides (guideType 1)', async () => {
    const api = fakeApi({ 'GET /product/v1/queryGuideList': () => [] });
    renderApp('/operationGuideList?productId=11&categoryId=1');
    await waitFor(() => expect(document.title).toBe('操作指南'));
    await screen.findByText('暂无数据');
    expect(api.called('GET /product/v1/queryGuideList')[0]?.query.get('guideType')).toBe('1');
  });
});

describe('/productUseSkill', () => {
  const guide = (over: object) => ({
    guideId: 5,
    title: '如何采血',
    iconUrl: '',
    guideType: 1,
    productId: 11,
    categoryId: 1,
    content: '<p>先洗手。</p>',
    contentUrl: '',
    ...over,
  });

  it('shows the rich text and never what could run: scripts, handlers, frames, javascript: links', async () => {
    (window as unknown as { hacked?: boolean }).hacked = false;
    fakeApi({
      'GET /product/v1/getGuide': () =>
        guide({
          content:
            '<h2>采血步骤</h2><p>先洗手<script>window.hacked=true</script></p><img src="x" onerror="window.hacked=true">' +
            '<a href="javascript:window.hacked=true">点我</a><iframe src="https://evil.example/"></iframe>',
        }),
    });
    renderApp('/productUseSkill?guideId=5');
    await waitFor(() => expect(document.title).toBe('如何采血'));
    const body = await screen.findByLabelText('指南内容');
    expect(within(body).getByRole('heading', { name: '采血步骤' })).toBeTruthy();
    expect(body.innerHTML).not.toMatch(/script|onerror|javascript:|iframe/i);
    expect((window as unknown as { hacked?: boolean }).hacked).toBe(false);
  });

  it('leaves for the guide’s https content address in place of the page', async () => {
    const replace = vi.spyOn(externalNavigation, 'replace').mockImplementation(() => undefined);
    fakeApi({ 'GET /product/v1/getGuide': () => guide({ contentUrl: 'https://mp.weixin.qq.com/s/guide' }) });
    renderApp('/productUseSkill?guideId=5');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://mp.weixin.qq.com/s/guide'));
  });

  it('shows its own text when the content address is not https', async () => {
    const replace = vi.spyOn(externalNavigation, 'replace').mockImplementation(() => undefined);
    fakeApi({ 'GET /product/v1/getGuide': () => guide({ contentUrl: 'javascript:alert(1)' }) });
    renderApp('/productUseSkill?guideId=5');
    expect(await screen.findByText('先洗手。')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  it('says so when the guide does not exist', async () => {
    renderApp('/productUseSkill');
    expect(await screen.findByText('指南不存在或已删除')).toBeTruthy();
  });
});

describe('a model’s pages', () => {
  it('/usageGuideDetail links the manual, the usage guides, the faults and the warranty', async () => {
    fakeApi({
      'GET /product/v1/getProductDetail': () => PRODUCT,
      'GET /product/v1/queryGuideList': () => [
        { guideId: 6, title: '第一次开机', iconUrl: '', guideType: 1, productId: 11, categoryId: 1 },
      ],
    });
    renderApp('/usageGuideDetail?productId=11&categoryId=1');
    expect(await screen.findByRole('heading', { name: '糖护 G1 血糖仪' })).toBeTruthy();
    const href = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href');
    expect(href('产品说明书')).toBe('/instructionDetail?productId=11');
    expect(href('操作指南')).toBe('/operationGuideList?productId=11&categoryId=1');
    expect(href('常见故障')).toBe('/commonFaults?productId=11&categoryId=1');
    expect(href('厂方保修')).toBe('/factoryWarranty?productId=11');
    expect((await screen.findByRole('link', { name: '第一次开机' })).getAttribute('href')).toBe(
      '/productUseSkill?guideId=6',
    );
  });

  it('/factoryWarranty shows 厂方保修, the months and the remark', async () => {
    fakeApi({
      'GET /product/v1/getWarrantyRemark': () => ({
        productId: 11,
        name: '糖护 G1 血糖仪',
        warrantyRemark: '自购买之日起 24 个月内免费保修',
        warMonths: 24,
      }),
    });
    renderApp('/factoryWarranty?productId=11');
    expect(await screen.findByRole('heading', { name: '厂方保修' })).toBeTruthy();
    expect(screen.getByText('自购买之日起 24 个月内免费保修')).toBeTruthy();
    expect(screen.getByText('24')).toBeTruthy();
  });

  it('/instructionDetail links the manual and shows the remark', async () => {
    fakeApi({ 'GET /product/v1/getProductDetail': () => PRODUCT });
    renderApp('/instructionDetail?productId=11');
    expect((await screen.findByRole('link', { name: '查看说明书' })).getAttribute('href')).toBe(
      '/pdfDetail?productId=11',
    );
    expect(screen.getByText('请在 10–40℃ 下测量')).toBeTruthy();
  });

  it('/pdfDetail shows the manual’s page images, with 查看 PDF 原文 beside them', async () => {
    fakeApi({ 'GET /product/v1/getProductDetail': () => PRODUCT });
    renderApp('/pdfDetail?productId=11');
    const first = await screen.findByRole('img', { name: '说明书第 1 页' });
    expect(first.getAttribute('src')).toBe('/api/files/manuals/g1-1.png');
    expect(screen.getByRole('img', { name: '说明书第 2 页' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看 PDF 原文' })).toBeTruthy();
  });

  it('/pdfDetail says so when the model has no manual', async () => {
    fakeApi({ 'GET /product/v1/getProductDetail': () => ({ ...PRODUCT, manualUrl: '', manualImages: [] }) });
    renderApp('/pdfDetail?productId=11');
    expect(await screen.findByText('该型号暂未提供电子说明书')).toBeTruthy();
  });
});

describe('the guarantees', () => {
  it('/guaranteeList has a tab per platform; an empty one says 暂无数据！', async () => {
    const api = fakeApi({
      'GET /product/v1/queryPlatformList': () => [
        { id: 1, name: '京东' },
        { id: 2, name: '天猫' },
      ],
      'GET /product/v1/queryGuaranteeList': (call) =>
        call.query.get('categoryId') === '1' ? [{ id: 9, name: '京东自营旗舰店', iconUrl: '' }] : [],
    });
    renderApp('/guaranteeList');
    expect((await screen.findByRole('link', { name: '京东自营旗舰店' })).getAttribute('href')).toBe(
      '/guaranteeDetail?id=9',
    );
    fireEvent.click(screen.getByRole('tab', { name: '天猫' }));
    expect(await screen.findByText('暂无数据！')).toBeTruthy();
    expect(api.called('GET /product/v1/queryGuaranteeList').map((call) => call.query.get('categoryId'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('/guaranteeDetail shows the sanitised text and the credential, which opens /credential', async () => {
    fakeApi({
      'GET /product/v1/getGuarantee': () => ({
        id: 9,
        name: '京东自营旗舰店',
        iconUrl: '',
        content: '<p>官方授权<img src=x onerror="window.hacked=true"></p>',
        credentialUrl: '/api/product/v1/productImage/credential-jd.svg',
      }),
    });
    renderApp('/guaranteeDetail?id=9');
    const credential = await screen.findByRole('link', { name: '查看授权证书大图' });
    expect(credential.getAttribute('href')).toBe('/credential?id=9');
    expect(screen.getByLabelText('说明').innerHTML).not.toMatch(/onerror/);
  });

  it('/credential shows the credential image', async () => {
    fakeApi({
      'GET /product/v1/getCredential': () => ({ id: 9, name: '京东自营旗舰店', credentialUrl: '/c.svg' }),
    });
    renderApp('/credential?id=9');
    expect((await screen.findByRole('img', { name: '京东自营旗舰店授权证书' })).getAttribute('src')).toBe('/c.svg');
  });
});

describe('/servicePolicy and /authorizationShop', () => {
  it('shows the five clauses, the exclusive customer service and the progress hotline', async () => {
    const clauses = ['保修范围', '保修凭证', '服务方式', '24小时快速处理', '保外收费'].map((title) => ({
      title,
      body: `${title}的说明`,
    }));
    fakeApi({
      'GET /product/v1/getServicePolicy': () => ({ clauses, hotline: '400-826-0404', serviceHours: '7:00–00:30' }),
    });
    renderApp('/servicePolicy');
    const policy = await screen.findByRole('article', { name: '售后政策' });
    expect(
      within(policy)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(clauses.map((clause, index) => `${index + 1}. ${clause.title}`));
    expect(screen.getByRole('link', { name: '联系专属客服' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '400-826-0404' }).getAttribute('href')).toBe('tel:4008260404');
  });

  it('lists the authorised shops page by page', async () => {
    const api = fakeApi({
      'GET /product/v1/queryStoreList': () => ({
        items: [
          {
            shopId: 1,
            name: '糖护体验店（徐汇店）',
            province: '上海市',
            city: '上海市',
            district: '徐汇区',
            address: '漕溪北路 88 号',
            phone: '021-64001234',
            openHours: '09:00–21:00',
          },
        ],
        currentPage: 1,
        totalPage: 1,
      }),
    });
    renderApp('/authorizationShop');
    const shop = await screen.findByRole('article', { name: '糖护体验店（徐汇店）' });
    expect(within(shop).getByText('上海市徐汇区漕溪北路 88 号')).toBeTruthy();
    expect(within(shop).getByRole('link', { name: '电话：021-64001234' }).getAttribute('href')).toBe('tel:02164001234');
    expect(api.called('GET /product/v1/queryStoreList')[0]?.query.get('pageNo')).toBe('1');
  });
});
