// Voice clips beyond the browser's own recording (docs/adr/0140, 0141): a clip the messaging app's
// JS-SDK recorded, fetched from the fake media API by its serverId, checked and transcoded to MP3; and
// the doctor's clip from the console. Real HTTP, a real database, the real ffmpeg binary.
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { CHAT_MEMBER_TYPE, VOICE_UPLOAD } from '@glucoguard/domain';
import { fileTypeFromBuffer } from 'file-type';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImUserId, openChatSession, staffImUserId } from '../src/contexts/care';
import { createStaff } from '../src/contexts/identity';
import { browseAudit } from '../src/contexts/platform';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { serveKey } from '../src/contexts/platform/upload/upload.service';
import {
  amrDurationMs,
  transcodeAmrToMp3,
  WECHAT_VOICE_MESSAGES,
} from '../src/contexts/platform/upload/wechat-voice.service';
import { WechatJsSdk } from '../src/providers/wechat/jssdk';
import { WechatFake } from './fakes/wechat-fake';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';
import { wavClip, webmClip } from './upload/voices';

let fake: WechatFake;
let api: TestApi;
let local: TestApi;
let clip3s: Buffer;

beforeAll(async () => {
  clip3s = amr(3);
  fake = await WechatFake.start();
  // Customers sign in the local way here; the messaging app's media API is the fake, through the real client.
  api = await startTestApi(
    {},
    { jsSdk: new WechatJsSdk({ appId: fake.appId, appSecret: fake.appSecret, apiBase: fake.baseUrl }) },
  );
  local = await startTestApi();
});
afterAll(async () => {
  await api?.close();
  await local?.close();
  await fake?.close();
});

/** What the media API serves for a JS-SDK recording: AMR-NB at 8 kHz, here a tone of `seconds`. */
function amr(seconds: number): Buffer {
  return execFileSync(
    ffmpeg.path,
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-ar', '8000', '-ac', '1', '-c:a', 'libopencore_amrnb', '-b:a', '12.2k', '-f', 'amr', 'pipe:1'],
    ],
    { maxBuffer: 4 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** The stored bytes behind a path (read from the store: how they are served is the files route's business). */
async function storedBytes(app: TestApi, path: string): Promise<Buffer> {
  const served = await serveKey(app.app.providers.storage, path);
  expect(served).not.toBeNull();
  return Buffer.from(served!.body);
}

describe('amrDurationMs', () => {
  it('counts 20 ms frames after the magic line and refuses anything else', () => {
    // ffmpeg's encoder ends with one frame more than the tone.
    expect(amrDurationMs(clip3s)).toBeGreaterThanOrEqual(3000);
    expect(amrDurationMs(clip3s)).toBeLessThanOrEqual(3040);
    expect(amrDurationMs(clip3s.subarray(0, clip3s.length - 3))).toBeNull();
    expect(amrDurationMs(Buffer.from('#!AMR\n'))).toBeNull();
    expect(amrDurationMs(wavClip())).toBeNull();
    expect(amrDurationMs(Buffer.concat([Buffer.from('#!AMR\n'), Buffer.from([0x7c])]))).toBe(20);
    // Frame type 12 is reserved.
    expect(amrDurationMs(Buffer.concat([Buffer.from('#!AMR\n'), Buffer.from([12 << 3])]))).toBeNull();
  });

  it('transcodes to an MP3 a browser plays, or fails on bytes that are not AMR', async () => {
    const mp3 = await transcodeAmrToMp3(clip3s);
    expect((await fileTypeFromBuffer(mp3))?.mime).toBe('audio/mpeg');
    await expect(transcodeAmrToMp3(Buffer.from('#!AMR\nnot really'))).rejects.toThrow(/ffmpeg failed/);
  });
});

describe('POST /common/v1/uploadWechatVoice', () => {
  it('fetches the clip by its serverId, stores it as MP3 and gives the seconds a voice message carries', async () => {
    const patient = await registeredCustomer(api);
    const doctor = await registeredCustomer(api);
    const serverId = fake.addMedia(clip3s);
    const before = fake.calls.mediaGet;
    const stored = await patient.client.POST('/common/v1/uploadWechatVoice', { body: { serverId } });
    expect(fake.calls.mediaGet).toBe(before + 1);
    expect(stored.path).toMatch(/^uploads\/275\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.mp3$/);
    expect(stored.seconds).toBe(3);
    const bytes = await storedBytes(api, stored.path);
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe('audio/mpeg');
    // About 32 kbit/s: 3 s is some 12 KB, far below the AMR's WAV equivalent.
    expect(bytes.length).toBeGreaterThan(6_000);
    expect(bytes.length).toBeLessThan(30_000);

    const sessionId = await openChatSession(api.app.orm.em.fork(), {
      sessionType: 1,
      status: 2,
      members: [
        { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
        { imUserId: customerImUserId(doctor.cid), type: CHAT_MEMBER_TYPE.doctor },
      ],
    });
    const payload = { type: 'voice' as const, url: stored.path, seconds: stored.seconds };
    const sent = await patient.client.POST('/consult/v1/sendChatMessage', {
      body: { sessionId, clientId: 'wx-voice-clip-1', payload },
    });
    expect(sent.message.payload).toMatchObject({ type: 'voice', seconds: 3 });
    expect(sent.message.payload.url?.split('?')[0]).toBe(stored.path);
  });

  it('takes a fresh access token when the cached one was revoked', async () => {
    const { client } = await registeredCustomer(api);
    await client.POST('/common/v1/uploadWechatVoice', { body: { serverId: fake.addMedia(clip3s) } });
    fake.revokeAccessTokens();
    const tokens = fake.calls.accessToken;
    const stored = await client.POST('/common/v1/uploadWechatVoice', { body: { serverId: fake.addMedia(clip3s) } });
    expect(stored.seconds).toBe(3);
    expect(fake.calls.accessToken).toBe(tokens + 1);
  });

  it('refuses an unknown or expired serverId, bytes that are no AMR and a clip over 60 s', async () => {
    const { client } = await registeredCustomer(api);
    const upload = (serverId: string) => failure(client.POST('/common/v1/uploadWechatVoice', { body: { serverId } }));
    expect(await upload('no-such-media-id')).toMatchObject({ code: 40000, errMsg: WECHAT_VOICE_MESSAGES.expired });
    expect(await upload(fake.addMedia(webmClip()))).toMatchObject({ errMsg: WECHAT_VOICE_MESSAGES.notVoice });
    expect(await upload(fake.addMedia(Buffer.from('#!AMR\n')))).toMatchObject({
      errMsg: WECHAT_VOICE_MESSAGES.notVoice,
    });
    expect(await upload(fake.addMedia(amr(62)))).toMatchObject({ errMsg: WECHAT_VOICE_MESSAGES.tooLong });
    expect(await upload(fake.addMedia(Buffer.alloc(VOICE_UPLOAD.maxBytes + 1, 0x7c)))).toMatchObject({
      code: 40000,
      errMsg: VOICE_UPLOAD.tooLarge,
    });
    // A serverId is the media API's id, nothing that could change the request.
    expect(await upload('../cgi-bin/token?x=1')).toMatchObject({ code: 40000 });
  });

  it('answers 503 while the media API is down, and works again after', async () => {
    const { client } = await registeredCustomer(api);
    const serverId = fake.addMedia(clip3s);
    fake.failWithSystemBusy('/cgi-bin/media/get');
    try {
      expect(await failure(client.POST('/common/v1/uploadWechatVoice', { body: { serverId } }))).toMatchObject({
        code: 50300,
        errMsg: WECHAT_VOICE_MESSAGES.upstream,
      });
    } finally {
      fake.recover();
    }
    expect((await client.POST('/common/v1/uploadWechatVoice', { body: { serverId } })).seconds).toBe(3);
  });

  it('is for registered customers', async () => {
    const { client } = await signInNewVisitor(api);
    expect(
      await failure(client.POST('/common/v1/uploadWechatVoice', { body: { serverId: fake.addMedia(clip3s) } })),
    ).toMatchObject({ code: 40300 });
  });

  it('with the local provider (no messaging-app account) says to record in the browser', async () => {
    const { client } = await registeredCustomer(local);
    expect(
      await failure(client.POST('/common/v1/uploadWechatVoice', { body: { serverId: 'anything' } })),
    ).toMatchObject({ code: 40000, errMsg: WECHAT_VOICE_MESSAGES.unavailable });
  });
});

describe('POST /console/v1/chat/uploadVoice', () => {
  async function staff(role: 'doctor' | 'operator') {
    const doctorRecord = await local.app.em.fork().findOne(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } });
    const username = `t.voice.${role}.${process.pid}`;
    const made = await createStaff(
      local.app.em.fork(),
      { username, role, ...(role === 'doctor' && { doctorId: doctorRecord!.id }) },
      null,
      new Date(),
    );
    const { token, staff: me } = await local
      .client()
      .POST('/console/v1/signIn', { body: { username, password: made.oneTimePassword } });
    return { client: local.client({ token }), imUserId: staffImUserId(me.id), staffId: me.id };
  }

  it('stores the doctor’s recording by the uploadVoice rules; the voice message it sends is audited as a send', async () => {
    const doctor = await staff('doctor');
    const patient = await registeredCustomer(local);
    const clip = webmClip();
    const { path } = await doctor.client.POST('/console/v1/chat/uploadVoice', {
      body: { data: `data:audio/webm;codecs=opus;base64,${clip.toString('base64')}` },
    });
    expect(path).toMatch(/^uploads\/275\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.webm$/);
    expect((await storedBytes(local, path)).equals(clip)).toBe(true);
    for (const data of [
      Buffer.from('不是录音').toString('base64'),
      wavClip(VOICE_UPLOAD.maxBytes / 2).toString('base64'),
    ]) {
      expect(await failure(doctor.client.POST('/console/v1/chat/uploadVoice', { body: { data } }))).toMatchObject({
        code: 40000,
      });
    }

    const sessionId = await openChatSession(local.app.orm.em.fork(), {
      sessionType: 1,
      status: 2,
      members: [
        { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
        { imUserId: doctor.imUserId, type: CHAT_MEMBER_TYPE.doctor },
      ],
    });
    const sent = await doctor.client.POST('/console/v1/chat/send', {
      body: { sessionId, clientId: 'doctor-voice-1', payload: { type: 'voice', url: path, seconds: 2 } },
    });
    // (The answer's address may carry a viewer's signature after the path.)
    expect(sent.message.payload).toMatchObject({ type: 'voice', seconds: 2 });
    expect(sent.message.payload.url?.split('?')[0]).toBe(path);
    const events = await browseAudit(local.app.em.fork(), { actorId: doctor.staffId, action: 'chat.send' }, 50);
    expect(events.map((e) => [e.target, e.patientId])).toContainEqual([sessionId, patient.cid]);
  });

  it('is the doctor’s: another role is refused', async () => {
    const operator = await staff('operator');
    expect(
      await failure(
        operator.client.POST('/console/v1/chat/uploadVoice', { body: { data: wavClip().toString('base64') } }),
      ),
    ).toMatchObject({ code: 40300 });
  });
});
