// The chat's recorder choice (docs/adr/0141): the messaging app's JS-SDK recorder inside the app,
// the browser's MediaRecorder elsewhere; the JS-SDK clip is stored by its serverId.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, resetStores } from '../../test-utils';
import { resetWx } from '../../wechat/jssdk';
import { startVoiceRecording, VoiceUnavailable } from './voiceRecorder';

const SIGNED = { enabled: true, appId: 'wx_app_1', timestamp: 1763600000, nonceStr: 'n0nce', signature: 'sig123' };
const OFF = { enabled: false, appId: null, timestamp: null, nonceStr: null, signature: null };
const IN_APP_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.49';

/** A stand-in for the messaging app's `wx` with its recorder; `endAt60s` plays the app's own stop. */
function fakeWx(options: { startFails?: string } = {}) {
  let recordEnd: (result: { localId: string }) => void = () => undefined;
  const wx = {
    config: vi.fn(() => queueMicrotask(() => onReady())),
    ready: vi.fn((callback: () => void) => {
      onReady = callback;
    }),
    error: vi.fn(),
    startRecord: vi.fn((o: { success?: () => void; fail?: (e: { errMsg: string }) => void }) =>
      options.startFails === undefined ? o.success?.() : o.fail?.({ errMsg: options.startFails }),
    ),
    stopRecord: vi.fn((o: { success?: (r: { localId: string }) => void }) => o.success?.({ localId: 'wxLocal://1' })),
    onVoiceRecordEnd: vi.fn((o: { complete: (r: { localId: string }) => void }) => {
      recordEnd = o.complete;
    }),
    uploadVoice: vi.fn((o: { localId: string; success?: (r: { serverId: string }) => void }) =>
      o.success?.({ serverId: `server-${o.localId.slice(-1)}` }),
    ),
    endAt60s: () => recordEnd({ localId: 'wxLocal://2' }),
  };
  let onReady = () => undefined as void;
  return wx;
}

beforeEach(() => {
  resetStores();
  resetWx();
  delete window.wx;
});
afterEach(() => {
  delete window.wx;
  vi.restoreAllMocks();
});

describe('startVoiceRecording', () => {
  it('inside the messaging app records with the JS-SDK and stores the clip by its serverId', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_APP_UA);
    const api = fakeApi({
      'GET /wechat/v1/getWxJsConfig': () => SIGNED,
      'POST /common/v1/uploadWechatVoice': () => ({
        path: 'uploads/275/a.mp3',
        url: '/api/files/uploads/275/a.mp3',
        seconds: 4,
      }),
    });
    const wx = fakeWx();
    window.wx = wx as never;
    const recording = await startVoiceRecording(() => undefined);
    expect(wx.startRecord).toHaveBeenCalledTimes(1);
    const clip = await recording.stop();
    expect(wx.stopRecord).toHaveBeenCalledTimes(1);
    expect(wx.uploadVoice).toHaveBeenCalledWith(
      expect.objectContaining({ localId: 'wxLocal://1', isShowProgressTips: 0 }),
    );
    expect(await clip?.store()).toMatchObject({ path: 'uploads/275/a.mp3', seconds: 4 });
    expect(api.called('POST /common/v1/uploadWechatVoice')[0]?.body).toEqual({ serverId: 'server-1' });
  });

  it('sends the clip the app stopped at 60 s by itself', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_APP_UA);
    fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => SIGNED });
    const wx = fakeWx();
    window.wx = wx as never;
    const onLimit = vi.fn();
    const recording = await startVoiceRecording(onLimit);
    wx.endAt60s();
    expect(onLimit).toHaveBeenCalledTimes(1);
    await recording.stop();
    expect(wx.stopRecord).not.toHaveBeenCalled();
    expect(wx.uploadVoice).toHaveBeenCalledWith(expect.objectContaining({ localId: 'wxLocal://2' }));
  });

  it('says the microphone was refused when the app’s recorder was denied', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_APP_UA);
    fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => SIGNED });
    window.wx = fakeWx({ startFails: 'startRecord:fail auth deny' }) as never;
    await expect(startVoiceRecording(() => undefined)).rejects.toEqual(new VoiceUnavailable('denied'));
  });

  it('falls back to the browser’s recorder where the JS-SDK is not configured (none here: unsupported)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_APP_UA);
    fakeApi({ 'GET /wechat/v1/getWxJsConfig': () => OFF });
    const error = await startVoiceRecording(() => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceUnavailable);
    expect((error as VoiceUnavailable).reason).toBe('unsupported');
  });
});
