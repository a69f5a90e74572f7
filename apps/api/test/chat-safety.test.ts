// Chat privacy and staff sessions, through real HTTP, the real socket and a real database:
// chat pictures and voice clips only for the session's members at addresses signed for them
// (docs/adr/0142-chat-files-signed-per-member.md), a disabled or re-roled staff member's console
// sessions and chat sockets ending at once, across processes with PostgreSQL (ADR 0143), and the
// staff list naming a linked doctor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MEMBER_TYPE, CHAT_MESSAGES, UPLOAD_BUSINESS_CODE, type StaffRole } from '@glucoguard/domain';
import { createApiClient } from '@glucoguard/sdk';
import { customerImUserId, openChatSession, staffImUserId } from '../src/contexts/care';
import { browseAudit } from '../src/contexts/platform';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { connectChat } from './chat-socket';
import { b64, png1x1 } from './upload/images';
import { wavClip } from './upload/voices';
import { failure, registeredCustomer, startSecondInstance, startTestApi, testClock, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let api: TestApi;
let doctorRecord: Doctor;
let admin: Awaited<ReturnType<typeof signedIn>>;

async function signedIn(role: StaffRole) {
  const made = await signedInStaff(api, role, {
    doctorId: role === 'doctor' ? doctorRecord.id : undefined,
    now: clock(),
  });
  return { ...made, imUserId: staffImUserId(made.staff.id) };
}

const open = (patientCid: string, doctorImUserId: string) =>
  openChatSession(api.app.orm.em.fork(), {
    sessionType: 1,
    status: 2,
    members: [
      { imUserId: customerImUserId(patientCid), type: CHAT_MEMBER_TYPE.patient },
      { imUserId: doctorImUserId, type: CHAT_MEMBER_TYPE.doctor },
    ],
  });

const files = (url: string) => fetch(`${api.baseUrl}/files/${url}`);
const urlOf = (payload: unknown) => String((payload as { url?: unknown }).url);

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  doctorRecord = (await api.app.em.fork().findOne(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } }))!;
  admin = await signedIn('admin');
});
afterAll(() => api.close());

describe('chat pictures and voice clips', () => {
  it('are served only at addresses signed for a member of the session that carries them', async () => {
    const patient = await registeredCustomer(api);
    const outsider = await registeredCustomer(api);
    const doctor = await signedIn('doctor');
    const sessionId = await open(patient.cid, doctor.imUserId);

    const picture = await patient.client.POST('/common/v1/uploadImage', {
      body: { data: b64(png1x1()), businessCode: UPLOAD_BUSINESS_CODE.chat },
    });
    expect(picture.path).toMatch(/^uploads\/276\//);
    // Not yet in any message: nobody's, not even the uploader's bare address.
    expect((await files(picture.path)).status).toBe(403);

    const sent = await patient.client.POST('/consult/v1/sendChatMessage', {
      body: { sessionId, clientId: 'safe-image-01', payload: { type: 'image', url: picture.path } },
    });
    const mine = urlOf(sent.message.payload);
    expect(mine.startsWith(`${picture.path}?exp=`)).toBe(true);
    expect(mine).toContain(`cid=c_${patient.cid}`);
    const served = await files(mine);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600');

    // The bare path, a forged signature, another viewer named on the patient's signature: refused.
    const refused = await files(picture.path);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 40300, errMsg: '无权查看该图片，请刷新页面后重试' });
    expect((await files(mine.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(403);
    expect((await files(mine.replace(`cid=c_${patient.cid}`, `cid=c_${outsider.cid}`))).status).toBe(403);
    // A member's address for one file does not open another.
    const other = await patient.client.POST('/common/v1/uploadImage', {
      body: { data: b64(png1x1()), businessCode: UPLOAD_BUSINESS_CODE.chat },
    });
    expect((await files(mine.replace(picture.path, other.path))).status).toBe(403);

    // A voice clip: the same, and the doctor's history gives the doctor's own address, audited on read.
    const clip = await patient.client.POST('/common/v1/uploadVoice', { body: { data: wavClip().toString('base64') } });
    await patient.client.POST('/consult/v1/sendChatMessage', {
      body: { sessionId, clientId: 'safe-voice-01', payload: { type: 'voice', url: clip.path, seconds: 3 } },
    });
    const history = await doctor.client.GET('/console/v1/chat/messages', { params: { query: { sessionId } } });
    const doctorUrls = history.items.map((m) => urlOf(m.payload));
    expect(doctorUrls.every((url) => url.includes(`cid=s_${doctor.staff.id}`))).toBe(true);
    for (const url of doctorUrls) {
      expect((await files(url)).status).toBe(200);
    }
    const reads = await browseAudit(api.app.em.fork(), { actorId: doctor.staff.id, action: 'chat.file' }, 50);
    expect(reads).toHaveLength(2);
    expect(reads.every((e) => e.patientId === patient.cid && e.target === sessionId && Boolean(e.ip))).toBe(true);
  });

  it('reach each member over the socket signed for that member', async () => {
    const patient = await registeredCustomer(api);
    const doctor = await signedIn('doctor');
    const sessionId = await open(patient.cid, doctor.imUserId);
    const d = await connectChat(api.baseUrl, (await doctor.client.GET('/console/v1/chat/sig')).sig);
    const picture = await patient.client.POST('/common/v1/uploadImage', {
      body: { data: b64(png1x1()), businessCode: UPLOAD_BUSINESS_CODE.chat },
    });
    await patient.client.POST('/consult/v1/sendChatMessage', {
      body: { sessionId, clientId: 'safe-image-02', payload: { type: 'image', url: picture.path } },
    });
    const pushed = await d.next((f) => f.type === 'message' && f.message?.clientId === 'safe-image-02');
    const url = urlOf(pushed.message?.payload);
    expect(url).toContain(`cid=s_${doctor.staff.id}`);
    expect((await files(url)).status).toBe(200);
    d.socket.close();
  });

  it('are refused in a message when they are not in the chat folders', async () => {
    const patient = await registeredCustomer(api);
    const doctor = await signedIn('doctor');
    const sessionId = await open(patient.cid, doctor.imUserId);
    const form = await patient.client.POST('/common/v1/uploadImage', {
      body: { data: b64(png1x1()), businessCode: UPLOAD_BUSINESS_CODE.general },
    });
    expect(
      await failure(
        patient.client.POST('/consult/v1/sendChatMessage', {
          body: { sessionId, clientId: 'safe-public-1', payload: { type: 'image', url: form.path } },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: CHAT_MESSAGES.mediaInvalid });
  });
});

describe("a staff member's access ending", () => {
  it('disabling ends the console sessions and the chat socket at once, and the old signature no longer opens one', async () => {
    const doctor = await signedIn('doctor');
    const sig = (await doctor.client.GET('/console/v1/chat/sig')).sig;
    const socket = await connectChat(api.baseUrl, sig);
    await admin.client.POST('/console/v1/staff/{staffId}/disable', { params: { path: { staffId: doctor.staff.id } } });
    expect(await socket.next((f) => f.type === 'kicked')).toMatchObject({ errMsg: CHAT_MESSAGES.accessEnded });
    expect(await socket.closed).toBe(4403);
    expect(await failure(doctor.client.GET('/console/v1/me'))).toMatchObject({ code: 40100 });
    const again = await connectChat(api.baseUrl, sig);
    expect(await again.next((f) => f.type === 'kicked')).toMatchObject({ errMsg: CHAT_MESSAGES.accessEnded });
    expect(await again.closed).toBe(4403);
  });

  it('a new role ends them too: the account signs in again as what it now is', async () => {
    const doctor = await signedIn('doctor');
    const socket = await connectChat(api.baseUrl, (await doctor.client.GET('/console/v1/chat/sig')).sig);
    const changed = await admin.client.POST('/console/v1/staff/{staffId}/role', {
      params: { path: { staffId: doctor.staff.id } },
      body: { role: 'operator' },
    });
    expect(changed).toMatchObject({ role: 'operator', doctorId: null, doctorName: null });
    expect(await socket.next((f) => f.type === 'kicked')).toMatchObject({ errMsg: CHAT_MESSAGES.accessEnded });
    expect(await socket.closed).toBe(4403);
    expect(await failure(doctor.client.GET('/console/v1/me'))).toMatchObject({ code: 40100 });
  });

  it('leaves a patient’s socket alone', async () => {
    const patient = await registeredCustomer(api);
    const socket = await connectChat(
      api.baseUrl,
      (await patient.client.GET('/consult/v1/querySig', { params: { query: {} } })).sig,
    );
    const doctor = await signedIn('doctor');
    await admin.client.POST('/console/v1/staff/{staffId}/disable', { params: { path: { staffId: doctor.staff.id } } });
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    socket.socket.close();
  });
});

describe('the staff list', () => {
  it("names a doctor account's linked doctor record", async () => {
    const doctor = await signedIn('doctor');
    const list = await admin.client.GET('/console/v1/staff');
    expect(list.find((s) => s.id === doctor.staff.id)).toMatchObject({
      doctorId: doctorRecord.id,
      doctorName: doctorRecord.name,
    });
    expect(list.find((s) => s.id === admin.staff.id)).toMatchObject({ doctorId: null, doctorName: null });
  });
});

// With PostgreSQL the end of a staff member's access reaches the other API processes through NOTIFY.
describe.skipIf(!process.env.DATABASE_URL)('two API instances on one PostgreSQL', () => {
  it("ends a disabled doctor's socket held by the other instance", async () => {
    const second = await startSecondInstance(api, clock);
    const secondUrl = second.baseUrl;
    try {
      const doctor = await signedIn('doctor');
      const onSecond = createApiClient({ baseUrl: secondUrl, token: doctor.token });
      const socket = await connectChat(secondUrl, (await onSecond.GET('/console/v1/chat/sig')).sig);
      await admin.client.POST('/console/v1/staff/{staffId}/disable', {
        params: { path: { staffId: doctor.staff.id } },
      });
      expect(await socket.next((f) => f.type === 'kicked')).toMatchObject({ errMsg: CHAT_MESSAGES.accessEnded });
      expect(await socket.closed).toBe(4403);
      expect(await failure(onSecond.GET('/console/v1/me'))).toMatchObject({ code: 40100 });
    } finally {
      await second.close();
    }
  });
});
