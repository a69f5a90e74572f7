import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, resetStores } from '../test-utils';
import { JSSDK_SCRIPT_URL, resetWx, scanQRCode, setShareCard } from './jssdk';

const SIGNED = { enabled: true, appId: 'wx_app_1', timestamp: 1763600000, nonceStr: 'n0nce', signature: 'sig123' };
const OFF = { enabled: false, appId: null, timestamp: null, nonceStr: null, signature: null };
const card = {
  title: '标题',
  desc: '说明',
  link: (appId: string) => `http://localhost:3000/articleShareDetails?articleId=1&appid=${appId}`,
  imgUrl: 'http://localhost:3000/favicon.svg',
};

/** A stand-in for the messaging app's `wx`: records the calls, answers ready (or error) after config. */
function fakeWx(outcome: 'ready' | 'error' = 'ready') {
  let onReady = () => undefined as void;
  let onError: (e: unknown) => void = () => undefined;
  const wx = {
    config: vi.fn(() =>
      queueMicrotask(() => (outcome === 'ready' ? onReady() : onError({ errMsg: 'config:invalid signature' }))),
    ),
    ready: vi.fn((callback: () => void) => {
      onReady = callback;
    }),
    error: vi.fn((callback: (e: unknown) => void) => {
      onError = callback;
    }),
    updateAppMessageShareData: vi.fn(),
    updateTimelineShareData: vi.fn(),
    scanQRCode: vi.fn((options: { success: (r: { resultStr: string }) => void }) =>
      options.success({ resultStr: 'IMEI:868888000000025' }),
    ),
  };
  return wx;
}

const scripts = () => [...document.querySelectorAll('script')].filter((s) => s.src === JSSDK_SCRIPT_URL);

beforeEach(() => {
  resetStores();
  resetWx();
  delete window.wx;
  scripts().forEach((s) => s.remove());
});

afterEach(() => {
  delete window.wx;
});

describe('the JS-SDK wrapper', () => {
  it('does nothing outside the messaging app: no script, no card, no scanner', async () => {
    const api = fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => OFF });
    expect(await setShareCard(card)).toBe(false);
    expect(await scanQRCode()).toBeNull();
    expect(scripts()).toHaveLength(0);
    // Asked once for this address, then remembered.
    expect(api.called('GET /wechat/v1/getWxJsConfig')).toHaveLength(1);
    expect(api.called('GET /wechat/v1/getWxJsConfig')[0]?.query.get('currentUrl')).toBe(
      window.location.href.split('#')[0],
    );
  });

  it('loads the SDK script when enabled, configures it with the server’s signature and sets both share cards', async () => {
    fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => SIGNED });
    const wx = fakeWx();
    const pending = setShareCard(card);
    // The script is added; the test plays the browser loading it.
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
    window.wx = wx;
    scripts()[0]?.dispatchEvent(new Event('load'));
    expect(await pending).toBe(true);
    expect(wx.config).toHaveBeenCalledWith({
      debug: false,
      appId: 'wx_app_1',
      timestamp: 1763600000,
      nonceStr: 'n0nce',
      signature: 'sig123',
      jsApiList: [
        'updateAppMessageShareData',
        'updateTimelineShareData',
        'scanQRCode',
        'getLocation',
        'startRecord',
        'stopRecord',
        'onVoiceRecordEnd',
        'uploadVoice',
      ],
    });
    const link = 'http://localhost:3000/articleShareDetails?articleId=1&appid=wx_app_1';
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({
      title: '标题',
      desc: '说明',
      link,
      imgUrl: card.imgUrl,
    });
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith({ title: '标题', link, imgUrl: card.imgUrl });
    // Configured once per address.
    expect(await setShareCard({ ...card, link: 'http://localhost:3000/x' })).toBe(true);
    expect(wx.config).toHaveBeenCalledTimes(1);
    expect(scripts()).toHaveLength(1);
  });

  it('scans through the configured SDK', async () => {
    fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => SIGNED });
    const wx = fakeWx();
    window.wx = wx;
    expect(await scanQRCode()).toBe('IMEI:868888000000025');
    expect(wx.config).toHaveBeenCalledTimes(1);
    expect(scripts()).toHaveLength(0);
  });

  it('gives up quietly when the signature is refused or the config call fails', async () => {
    fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => SIGNED });
    const wx = fakeWx('error');
    window.wx = wx;
    expect(await setShareCard(card)).toBe(false);
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
    resetWx();
    fakeApi({});
    expect(await setShareCard(card)).toBe(false);
  });
});
