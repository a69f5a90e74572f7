import { CHAT_MEMBER_TYPE, CONSULT_STATUS, VOICE_UPLOAD } from '@glucoguard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImUserId, openChatSession } from '../src/contexts/care';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';
import { wavClip, webmClip } from './upload/voices';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const base64 = (bytes: Buffer) => bytes.toString('base64');
const origin = () => api.baseUrl.replace(/\/api$/, '');

describe('POST /common/v1/uploadVoice', () => {
  it('is for registered customers', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.POST('/common/v1/uploadVoice', { body: { data: base64(wavClip()) } }))).toMatchObject({
      code: 40300,
    });
  });

  it('stores a WebM recording (a data URL as MediaRecorder gives it), private until a message carries it', async () => {
    const { client } = await registeredCustomer(api);
    const clip = webmClip();
    const stored = await client.POST('/common/v1/uploadVoice', {
      body: { data: `data:audio/webm;codecs=opus;base64,${base64(clip)}` },
    });
    expect(stored.path).toMatch(/^uploads\/275\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.webm$/);
    // Chat files are served only at addresses signed for a session's member (ADR 0142).
    expect((await fetch(`${origin()}${stored.url}`)).status).toBe(403);
  });

  it('refuses what is no recording, a picture among them, and a clip over 2 MB', async () => {
    const { client } = await registeredCustomer(api);
    for (const data of [
      base64(Buffer.from('这不是录音，只是一段文字')),
      base64(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')),
      `data:text/html;base64,${base64(wavClip())}`,
    ]) {
      expect(await failure(client.POST('/common/v1/uploadVoice', { body: { data } }))).toMatchObject({
        code: 40000,
        errMsg: VOICE_UPLOAD.unsupported,
      });
    }
    const big = wavClip(VOICE_UPLOAD.maxBytes / 2);
    expect(await failure(client.POST('/common/v1/uploadVoice', { body: { data: base64(big) } }))).toMatchObject({
      errMsg: VOICE_UPLOAD.tooLarge,
    });
  });

  it('gives the path a voice chat message carries, with its length in seconds', async () => {
    const patient = await registeredCustomer(api);
    const doctor = await registeredCustomer(api);
    const sessionId = await openChatSession(api.app.orm.em.fork(), {
      sessionType: 1,
      status: CONSULT_STATUS.inConsultation,
      members: [
        { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
        { imUserId: customerImUserId(doctor.cid), type: CHAT_MEMBER_TYPE.doctor },
      ],
    });
    const { path } = await patient.client.POST('/common/v1/uploadVoice', { body: { data: base64(wavClip()) } });
    expect(path).toMatch(/\.wav$/);
    const sent = await patient.client.POST('/consult/v1/sendChatMessage', {
      body: { sessionId, clientId: 'voice-clip-1', payload: { type: 'voice', url: path, seconds: 7 } },
    });
    expect(sent.message.payload).toMatchObject({ type: 'voice', seconds: 7 });
    const history = await doctor.client.GET('/consult/v1/pagedQueryMessageList', {
      params: { query: { sessionId } },
    });
    expect(history.items.map((m) => m.payload)).toMatchObject([{ type: 'voice', seconds: 7 }]);
    // Each member gets the clip's address signed for them, and it plays as audio.
    const url = String((history.items[0]?.payload as { url?: string }).url);
    expect(url.startsWith(`${path}?exp=`)).toBe(true);
    const res = await fetch(`${origin()}/api/files/${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
  });
});
