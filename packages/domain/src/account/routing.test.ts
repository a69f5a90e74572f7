import { describe, expect, it } from 'vitest';
import {
  BRAND_HOTLINES,
  brandFeatures,
  brandFromSourceId,
  HOME_BANNER_AUTOPLAY_MS,
  isMessagingAppBrowser,
  isRegisteredUser,
  isWhitelistedForUnregistered,
  mineMenuFor,
  normalisePath,
  routeDecision,
  skipsFollowCheck,
  skipsSignIn,
  UNREGISTERED_WHITELIST,
} from './routing';

describe('routeDecision', () => {
  it.each(UNREGISTERED_WHITELIST.map((p) => [p]))('lets an unregistered user open %s', (path) => {
    expect(routeDecision(path, '0')).toEqual({ action: 'allow' });
  });

  it('sends an unregistered user from /productList to /addProduct, remembering the address', () => {
    expect(routeDecision('/productList', '0')).toEqual({
      action: 'redirect',
      to: '/addProduct',
      replace: true,
      returnTo: '/productList',
    });
    expect(routeDecision('/productList', '1')).toEqual({ action: 'allow' });
  });

  it('sends an unregistered user elsewhere to registration by replace, remembering the address', () => {
    expect(routeDecision('/order/orderList?x=1', '0')).toEqual({
      action: 'redirect',
      to: '/register/register',
      replace: true,
      returnTo: '/order/orderList?x=1',
    });
  });

  it('lets a registered user go anywhere', () => {
    expect(routeDecision('/order/orderList', '1')).toEqual({ action: 'allow' });
    expect(routeDecision('/order/orderList', 1)).toEqual({ action: 'allow' });
  });

  it.each(['/shareBloodSugarReportTable?cid=1', '/shareBloodPressureTable', '/sharePage'])(
    'opens the share page %s without sign-in',
    (path) => {
      expect(skipsSignIn(path)).toBe(true);
      expect(routeDecision(path, undefined)).toEqual({ action: 'allow' });
    },
  );

  it('skips the follow check only for shared goods and articles', () => {
    expect(skipsFollowCheck('/shareGoodsDetail?goodsId=1')).toBe(true);
    expect(skipsFollowCheck('/articleShareDetails')).toBe(true);
    expect(skipsFollowCheck('/articleDetails')).toBe(false);
  });

  it('ignores query, hash and trailing slash, and unifies the AI assistant spellings', () => {
    expect(isWhitelistedForUnregistered('/mall/goodsList/#top')).toBe(true);
    expect(normalisePath('/ai/AIAssistant?isToAI=1')).toBe('/ai/AiAssistant');
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('/?a=1')).toBe('/');
  });
});

describe('brands', () => {
  it.each([
    [3, 'health'],
    ['3', 'health'],
    [4, 'medical'],
    [undefined, 'medical'],
    [null, 'medical'],
    ['', 'medical'],
  ] as const)('reads source id %j as the %s brand', (sourceId, brand) => {
    expect(brandFromSourceId(sourceId)).toBe(brand);
  });

  it('gives the health brand its activity name, no ranking and a QR customer service', () => {
    expect(brandFeatures(3)).toEqual({
      showRanking: false,
      showInviteCode: false,
      showSkip: true,
      customerService: 'qrOverlay',
      invitationActivityName: '测量领积分',
    });
  });

  it('gives the medical brand its activity name, ranking, invite code and a chat link', () => {
    expect(brandFeatures(4)).toEqual({
      showRanking: true,
      showInviteCode: true,
      showSkip: false,
      customerService: 'chatLink',
      invitationActivityName: '邀请注册有奖',
    });
  });

  it('gives each brand its own 400 hotline', () => {
    expect(BRAND_HOTLINES).toEqual({ health: '400-826-0303', medical: '400-826-0404' });
  });

  it('adds four menu items for the health brand only', () => {
    const extra = mineMenuFor('health').filter((item) => !mineMenuFor('medical').includes(item));
    expect(extra.map((i) => i.path)).toEqual(['/monitoringPlan', '/calendar', '/drugMain', '/service']);
  });

  it('offers after-sales (/serviceCenter) to both brands, just before settings', () => {
    for (const brand of ['health', 'medical'] as const) {
      const paths = mineMenuFor(brand).map((item) => item.path);
      expect(paths.slice(-2)).toEqual(['/serviceCenter', '/set/set']);
    }
  });

  it('knows userType 1 is registered', () => {
    expect(isRegisteredUser(1)).toBe(true);
    expect(isRegisteredUser('1')).toBe(true);
    expect(isRegisteredUser(0)).toBe(false);
  });
});

describe('client helpers', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN',
      true,
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35)',
      true,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      false,
    ],
    ['Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('tells the messaging app’s browser from %s', (userAgent, expected) => {
    expect(isMessagingAppBrowser(userAgent)).toBe(expected);
  });

  it('plays the home banner every 3 s', () => {
    expect(HOME_BANNER_AUTOPLAY_MS).toBe(3000);
  });
});
