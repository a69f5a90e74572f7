/*
 * The demo patient's consultations with demo.doctor's linked doctor (王明远), one in each status, so
 * every consultation screen can be tried after `npm start` (docs/consultation.md): 待填写病情 (paid,
 * not yet described), 待接诊, 咨询中 (the demo chat of demoChat.ts), 已结束 and 已取消. Demo data
 * only (never with NODE_ENV=production). Seeded without payment intents or timers: the waiting one
 * stays waiting until the doctor answers it in the console. Runs at every start, once.
 */
import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import {
  CHAT_MEMBER_TYPE,
  CONSULT_CANCEL_REASONS,
  CONSULT_CHAT_TEXTS,
  CONSULT_STATUS,
  DOCTOR_SERVICE_TYPE,
  type ChatPayload,
} from '@glucoguard/domain';
import { Staff } from '../contexts/identity/staff/staff.entity';
import { ChatSession } from '../contexts/care/chat/chat.entity';
import { ChatRepository } from '../contexts/care/chat/chat.repository';
import { customerImUserId, staffImUserId } from '../contexts/care/chat/chat.sig';
import { Consult } from '../contexts/care/consult/consult.entity';
import { DoctorService } from '../contexts/care/doctor/doctorService.entity';
import { seedForDemoPatient, type DemoSeedOptions } from './demo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const custom = (
  data: 'startConsult' | 'waitConsult' | 'approveConsult' | 'end-consult' | 'cancel',
  description: string,
): ChatPayload => ({
  type: 'custom',
  data,
  description,
  extension: '',
});

interface DemoConsult {
  key: string;
  status: number;
  serviceType: number;
  /** When it was paid, before now. */
  paidAgo: number;
  desc: string | null;
  /** The conversation after the submission: who, minutes after the payment, what. */
  lines: readonly { by: 'patient' | 'doctor'; at: number; payload: ChatPayload }[];
}

const CONSULTS: readonly DemoConsult[] = [
  {
    key: 'to-consult',
    status: CONSULT_STATUS.toConsult,
    serviceType: DOCTOR_SERVICE_TYPE.once,
    paidAgo: 2 * HOUR,
    desc: null,
    lines: [],
  },
  {
    key: 'waiting',
    status: CONSULT_STATUS.waitingAccept,
    serviceType: DOCTOR_SERVICE_TYPE.once,
    paidAgo: 3 * HOUR,
    desc: '这两天早上起来头有点晕，量血压 150/95，比平时高。降压药一直按时在吃，需要换药吗？',
    lines: [],
  },
  {
    key: 'finished',
    status: CONSULT_STATUS.finished,
    serviceType: DOCTOR_SERVICE_TYPE.once,
    paidAgo: 30 * DAY,
    desc: '体检发现糖化血红蛋白 7.4%，空腹血糖 7.8，想问一下饮食上要注意什么。',
    lines: [
      { by: 'doctor', at: 40, payload: custom('approveConsult', CONSULT_CHAT_TEXTS.approveConsult) },
      {
        by: 'doctor',
        at: 45,
        payload: {
          type: 'text',
          text: '主食每餐控制在一拳左右，粗细搭配；少喝粥，水果放在两餐之间。每周至少五天、每次半小时快走。',
        },
      },
      { by: 'patient', at: 52, payload: { type: 'text', text: '明白了，我先按这个调整，三个月后再复查。谢谢医生！' } },
      { by: 'doctor', at: 55, payload: custom('end-consult', CONSULT_CHAT_TEXTS.endConsult) },
    ],
  },
  {
    key: 'cancelled',
    status: CONSULT_STATUS.cancelled,
    serviceType: DOCTOR_SERVICE_TYPE.once,
    paidAgo: 10 * DAY,
    desc: '最近脚有点麻，是不是糖尿病引起的？',
    lines: [{ by: 'patient', at: 30, payload: custom('cancel', CONSULT_CHAT_TEXTS.cancel) }],
  },
];

/** Seeds the demo patient's consultations with demo.doctor's linked doctor, once. */
export async function seedDemoConsults(em: EntityManager, options: DemoSeedOptions): Promise<void> {
  await seedForDemoPatient(em, options, 'demo-consults', async (tx, patient) => {
    const doctor = await tx.findOne(Staff, { username: 'demo.doctor' });
    if (!patient.registeredAt || !doctor?.doctorId) {
      return;
    }
    if ((await tx.count(Consult, { customerId: patient.id, doctorId: doctor.doctorId })) > 0) {
      return;
    }
    const services = await tx.find(
      DoctorService,
      { doctorId: doctor.doctorId },
      { orderBy: { serviceInterval: 'asc' } },
    );
    const once = services.find((s) => s.serviceType === DOCTOR_SERVICE_TYPE.once);
    if (!once) {
      return;
    }
    const members = { patient: customerImUserId(patient.id), doctor: staffImUserId(doctor.id) };
    const repository = new ChatRepository(tx);
    const now = options.now.getTime();
    const row = (spec: { status: number; paidAt: Date; sessionId: string }, extra: Partial<Consult> = {}) =>
      tx.create(Consult, {
        id: randomUUID(),
        customerId: patient.id,
        doctorId: doctor.doctorId!,
        serviceId: once.id,
        serviceName: once.serviceName,
        serviceType: once.serviceType,
        serviceInterval: null,
        priceCents: once.servicePrice,
        status: spec.status,
        sessionId: spec.sessionId,
        intentId: null,
        createdAt: new Date(spec.paidAt.getTime() - MINUTE),
        paidAt: spec.paidAt,
        submittedAt: null,
        acceptedAt: null,
        acceptedBy: null,
        endsAt: null,
        endedAt: null,
        cancelledAt: null,
        cancelReason: null,
        diagnosticInfo: null,
        allergicHistory: null,
        drugStoreId: null,
        ...extra,
      });

    for (const consult of CONSULTS) {
      const paidAt = new Date(now - consult.paidAgo);
      const sessionId = await repository.openSession({ sessionType: 1, status: consult.status }, [
        { imUserId: members.patient, type: CHAT_MEMBER_TYPE.patient },
        { imUserId: members.doctor, type: CHAT_MEMBER_TYPE.doctor },
      ]);
      // The session's time is its payment's: the running demo chat stays the latest activity.
      await tx.nativeUpdate(ChatSession, { id: sessionId }, { createdAt: paidAt });
      const submittedAt = consult.desc ? new Date(paidAt.getTime() + 5 * MINUTE) : null;
      const lineAt = (minutes: number) => new Date(paidAt.getTime() + minutes * MINUTE);
      const accepted = consult.lines.find((l) => l.payload.type === 'custom' && l.payload.data === 'approveConsult');
      const last = consult.lines.at(-1);
      row(
        { status: consult.status, paidAt, sessionId },
        {
          submittedAt,
          diagnosticInfo: consult.desc ? { desc: consult.desc, imgList: [] } : null,
          allergicHistory: consult.desc ? { items: ['1'], detail: '' } : null,
          acceptedAt: accepted ? lineAt(accepted.at) : null,
          acceptedBy: accepted ? doctor.id : null,
          endedAt: consult.status === CONSULT_STATUS.finished && last ? lineAt(last.at) : null,
          cancelledAt: consult.status === CONSULT_STATUS.cancelled && last ? lineAt(last.at) : null,
          cancelReason: consult.status === CONSULT_STATUS.cancelled ? CONSULT_CANCEL_REASONS.patient : null,
        },
      );
      const script: { by: 'patient' | 'doctor'; at: number; payload: ChatPayload }[] = consult.desc
        ? [
            { by: 'patient', at: 5, payload: custom('startConsult', consult.desc) },
            { by: 'patient', at: 5.1, payload: custom('waitConsult', CONSULT_CHAT_TEXTS.waitConsult) },
            ...consult.lines,
          ]
        : [];
      for (const [index, line] of script.entries()) {
        await repository.insertOnce({
          sessionId,
          from: members[line.by],
          clientId: `demo-consult-${consult.key}-${index}`,
          payload: line.payload,
          now: lineAt(line.at),
        });
      }
      await repository.markRead(sessionId, members.patient);
      await repository.markRead(sessionId, members.doctor);
    }

    // The running one is the demo chat (demoChat.ts): its session gets its consultation.
    const chatStart = await repository.byClientId(members.patient, 'demo-chat-0');
    if (chatStart) {
      const paidAt = new Date(chatStart.time - 10 * MINUTE);
      row(
        { status: CONSULT_STATUS.inConsultation, paidAt, sessionId: chatStart.sessionId },
        {
          submittedAt: new Date(chatStart.time),
          diagnosticInfo: {
            desc: '最近一周早上空腹血糖都在 7.5 到 8.2 之间，比以前高，需要调整用药吗？',
            imgList: [],
          },
          allergicHistory: { items: ['1'], detail: '' },
          acceptedAt: new Date(chatStart.time + 6 * MINUTE),
          acceptedBy: doctor.id,
        },
      );
    }
    await tx.flush();
  });
}
