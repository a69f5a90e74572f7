/*
 * A running chat between the demo patient and demo.doctor, so both sides of the chat can be tried
 * at once after `npm start`: the patient in the app (我的 → 在线问诊 / the chat screen), the doctor in
 * the console's 医患沟通 page. Demo data only (never with NODE_ENV=production, like the demo staff).
 * Stored through the chat's own repository; runs at every start and changes nothing once done.
 */
import type { EntityManager } from '@mikro-orm/core';
import { CHAT_MEMBER_TYPE, CONSULT_STATUS, type ChatPayload } from '@glucoguard/domain';
import { Staff } from '../contexts/identity/staff/staff.entity';
import { ChatRepository } from '../contexts/care/chat/chat.repository';
import { customerImUserId, staffImUserId } from '../contexts/care/chat/chat.sig';
import { seedForDemoPatient, type DemoSeedOptions } from './demo';

const MINUTE = 60_000;

/** The conversation: who speaks (patient or doctor), minutes after it starts, and what. */
const CONVERSATION: readonly { by: 'patient' | 'doctor'; at: number; payload: ChatPayload }[] = [
  {
    by: 'patient',
    at: 0,
    payload: {
      type: 'text',
      text: '王医生您好，我最近一周早上空腹血糖都在 7.5 到 8.2 之间，比以前高，需要调整用药吗？',
    },
  },
  {
    by: 'doctor',
    at: 6,
    payload: { type: 'custom', data: 'approveConsult', description: '医生已接诊', extension: '' },
  },
  {
    by: 'doctor',
    at: 8,
    payload: {
      type: 'text',
      text: '张先生您好，我看了您这周的记录。晚饭后散步还坚持吗？晚上睡前有没有加餐？',
    },
  },
  {
    by: 'patient',
    at: 15,
    payload: { type: 'text', text: '散步每天都走半小时。睡前有时会喝一杯牛奶，再吃两片饼干。' },
  },
  {
    by: 'doctor',
    at: 21,
    payload: {
      type: 'text',
      text: '睡前的饼干先停掉，牛奶可以保留。继续每天测空腹和早餐后两小时血糖，一周后我们再看数据，决定二甲双胍要不要加量。',
    },
  },
  { by: 'patient', at: 30, payload: { type: 'text', text: '记下了，谢谢王医生！' } },
];

/** Opens the demo chat between the demo patient and demo.doctor with a short conversation, once. */
export async function seedDemoChat(em: EntityManager, options: DemoSeedOptions): Promise<void> {
  await seedForDemoPatient(em, options, 'demo-chat', async (tx, patient) => {
    const doctor = await tx.findOne(Staff, { username: 'demo.doctor' });
    if (!patient.registeredAt || !doctor) {
      return;
    }
    const members = { patient: customerImUserId(patient.id), doctor: staffImUserId(doctor.id) };
    const repository = new ChatRepository(tx);
    // The first line's client id marks the demo chat as seeded (client ids are unique per sender).
    if (await repository.byClientId(members.patient, 'demo-chat-0')) {
      return;
    }
    const sessionId = await repository.openSession({ sessionType: 1, status: CONSULT_STATUS.inConsultation }, [
      { imUserId: members.patient, type: CHAT_MEMBER_TYPE.patient },
      { imUserId: members.doctor, type: CHAT_MEMBER_TYPE.doctor },
    ]);
    // An hour ago: the latest of the demo patient's consultations (seed/demoConsults.ts), so the
    // doctor's session list and the patient's consultation list show this running one first.
    const start = options.now.getTime() - 60 * MINUTE;
    for (const [index, line] of CONVERSATION.entries()) {
      if (index === CONVERSATION.length - 1) {
        // The doctor has read all but the patient's last thanks.
        await repository.markRead(sessionId, members.doctor);
      }
      await repository.insertOnce({
        sessionId,
        from: members[line.by],
        clientId: `demo-chat-${index}`,
        payload: line.payload,
        now: new Date(start + line.at * MINUTE),
      });
    }
    await repository.markRead(sessionId, members.patient);
  });
}
