// The patient's readings for a consultation's doctor in the console, through real HTTP on a real
// database (docs/adr/0156-consult-readings-window.md): only the consultation's own doctor, only once
// accepted, a month before the acceptance up to now (with the medication diary), frozen at the end, every
// read audited; and the medicine catalogue of the prescription form.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULT_READINGS_MESSAGES, CONSULT_STATUS, STAFF_MESSAGES, type StaffRole } from '@glucoguard/domain';
import { browseAudit } from '../src/contexts/platform';
import { Medicine } from '../src/contexts/care/pharmacy/pharmacy.entity';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';
import { consultationFixture, signedInStaff } from './staff-fixtures';

const DAY = 86_400_000;
// Thursday 2026-11-26 10:00 China time.
const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let api: TestApi;

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;
type SignedIn = Awaited<ReturnType<typeof signedIn>>;
let patient: Customer;
let doctor: SignedIn;
let otherDoctor: SignedIn;
let doctorIds: number[];

const signedIn = (role: StaffRole, doctorId?: number) => signedInStaff(api, role, { doctorId, now: clock() });

/** A consultation of `patient` with the doctor record `doctorId`, in `status`, as the consult module keeps it. */
const consultation = (
  doctorId: number,
  status: number,
  times: { acceptedAt?: Date | null; endedAt?: Date | null } = {},
) =>
  consultationFixture(api, {
    customerId: patient.cid,
    doctorId,
    status,
    now: clock(),
    acceptedAt: times.acceptedAt ?? null,
    endedAt: times.endedAt ?? null,
  });

const readings = (who: SignedIn, consultId: string) =>
  who.client.GET('/console/v1/consults/{consultId}/readings', { params: { path: { consultId } } });
const audited = (who: SignedIn) =>
  browseAudit(api.app.em.fork(), { actorId: who.staff.id, action: 'consult.readings' }, 50);

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  const doctors = await api.app.em.fork().find(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' }, limit: 2 });
  doctorIds = doctors.map((d) => d.id);
  doctor = await signedIn('doctor', doctorIds[0]);
  otherDoctor = await signedIn('doctor', doctorIds[1]);
  patient = await registeredCustomer(api, '李淑芬');
  // Readings across the window's edges: 2026-10-20 is more than 30 days before an acceptance on 11-25.
  const sugar = (value: number, createTime: string) =>
    patient.client.POST('/sugarTest/v1/add', { body: { sugar: value, createTime, tags: [] } });
  await sugar(9.1, '2026-10-20 07:00');
  await sugar(8.4, '2026-11-10 07:05');
  await sugar(11.6, '2026-11-24 09:30');
  await sugar(6.2, '2026-11-26 07:10');
  await patient.client.POST('/bloodPressureTest/v1/add', {
    body: { sbp: 152, dbp: 96, hr: 80, createTime: '2026-11-25 08:00' },
  });
  // The medication diary, across the same edges (docs/adr/0161-medication-in-reports-and-console.md).
  const [metformin] = await api.app.em.fork().find(Medicine, { genericName: '盐酸二甲双胍片' });
  const medication = (recordTime: string) =>
    patient.client.POST('/customer/v1/addMedicineRecord', {
      body: { medicineId: String(metformin!.id), recordTime, dosage: '1', usaged: '1', rate: '2' },
    });
  await medication('2026-10-20 07:30');
  await medication('2026-11-24 08:00');
  await medication('2026-11-26 08:00');
});
afterAll(() => api.close());

describe('consoleConsultReadings', () => {
  it('refuses staff who are not doctors, and customers', async () => {
    const consultId = await consultation(doctorIds[0]!, CONSULT_STATUS.inConsultation, {
      acceptedAt: new Date('2026-11-25T02:00:00Z'),
    });
    for (const role of ['pharmacist', 'operator', 'admin'] as const) {
      const staff = await signedIn(role);
      expect(await failure(readings(staff, consultId))).toMatchObject({
        code: 40300,
        errMsg: STAFF_MESSAGES.forbidden,
      });
    }
    expect(
      await failure(
        patient.client.GET('/console/v1/consults/{consultId}/readings', { params: { path: { consultId } } }),
      ),
    ).toMatchObject({ code: 40100 });
  });

  it("refuses another doctor's consultation and an unknown one, recording nothing", async () => {
    const consultId = await consultation(doctorIds[0]!, CONSULT_STATUS.inConsultation, {
      acceptedAt: new Date('2026-11-25T02:00:00Z'),
    });
    const before = (await audited(otherDoctor)).length;
    expect(await failure(readings(otherDoctor, consultId))).toMatchObject({ code: 40300 });
    expect(await failure(readings(otherDoctor, randomUUID()))).toMatchObject({ code: 40400 });
    expect(await audited(otherDoctor)).toHaveLength(before);
  });

  it('refuses before acceptance and after a cancellation, with the reason', async () => {
    for (const status of [CONSULT_STATUS.toConsult, CONSULT_STATUS.waitingAccept]) {
      const consultId = await consultation(doctorIds[0]!, status);
      expect(await failure(readings(doctor, consultId))).toMatchObject({
        code: 40300,
        errMsg: CONSULT_READINGS_MESSAGES.notAccepted,
      });
    }
    const cancelled = await consultation(doctorIds[0]!, CONSULT_STATUS.cancelled);
    expect(await failure(readings(doctor, cancelled))).toMatchObject({
      code: 40300,
      errMsg: CONSULT_READINGS_MESSAGES.cancelled,
    });
  });

  it('answers a running consultation from 30 days before the acceptance up to now, judged and summarised, and audits it', async () => {
    const acceptedAt = new Date('2026-11-25T02:00:00Z');
    const consultId = await consultation(doctorIds[0]!, CONSULT_STATUS.inConsultation, { acceptedAt });
    const before = (await audited(doctor)).length;
    const answer = await readings(doctor, consultId);
    expect(answer).toMatchObject({
      consultId,
      patient: { customerId: patient.cid },
      from: new Date(acceptedAt.getTime() - 30 * DAY).toISOString(),
      to: clock().toISOString(),
      finished: false,
    });
    // Newest first; 2026-10-20 is outside the window.
    expect(answer.glucose.map((r) => [r.time.slice(0, 16), r.sugar])).toEqual([
      ['2026-11-26 07:10', 6.2],
      ['2026-11-24 09:30', 11.6],
      ['2026-11-10 07:05', 8.4],
    ]);
    expect(answer.glucose.every((r) => r.level !== null)).toBe(true);
    expect(answer.pressure).toEqual([{ time: '2026-11-25 08:00:00', sbp: 152, dbp: 96, hr: 80, level: 'high' }]);
    // The diary of the same window, by record time.
    expect(answer.medication.map((m) => [m.recordTime, m.medicineName, m.dosage, m.rateName])).toEqual([
      ['2026-11-24 08:00:00', '盐酸二甲双胍片', '1', '每日两次'],
      ['2026-11-26 08:00:00', '盐酸二甲双胍片', '1', '每日两次'],
    ]);
    const [week, month] = answer.summaries;
    expect(week).toMatchObject({ period: 'week', label: '近7天', glucose: { count: 2 }, pressure: { count: 1 } });
    expect(month).toMatchObject({ period: 'month', label: '近30天', glucose: { count: 3 } });
    expect(week?.glucose?.analysis).toContain('本期共测量血糖2次');
    expect(week?.pressure?.mean).toEqual({ sbp: 152, dbp: 96, hr: 80 });

    const events = await audited(doctor);
    expect(events).toHaveLength(before + 1);
    expect(events[0]).toMatchObject({
      action: 'consult.readings',
      patientId: patient.cid,
      target: consultId,
    });
    const entry = await api.app.em.fork().findOne(AuditEvent, { action: 'consult.readings', target: consultId });
    expect(entry?.detail).toMatchObject({ glucose: 3, pressure: 1, medication: 2 });
  });

  it('freezes a finished consultation at its end: later readings stay private', async () => {
    const consultId = await consultation(doctorIds[0]!, CONSULT_STATUS.finished, {
      acceptedAt: new Date('2026-11-24T02:00:00Z'),
      endedAt: new Date('2026-11-25T12:00:00Z'),
    });
    const answer = await readings(doctor, consultId);
    expect(answer).toMatchObject({ finished: true, to: '2026-11-25T12:00:00.000Z' });
    expect(answer.glucose.map((r) => r.sugar)).toEqual([11.6, 8.4]);
    expect(answer.pressure).toHaveLength(1);
    expect(answer.medication.map((m) => m.recordTime)).toEqual(['2026-11-24 08:00:00']);
  });

  it('answers a window without readings with empty lists and no summaries of either kind', async () => {
    const consultId = await consultation(doctorIds[0]!, CONSULT_STATUS.finished, {
      acceptedAt: new Date('2026-08-01T02:00:00Z'),
      endedAt: new Date('2026-08-02T02:00:00Z'),
    });
    const answer = await readings(doctor, consultId);
    expect(answer.glucose).toEqual([]);
    expect(answer.medication).toEqual([]);
    expect(answer.summaries.map((s) => [s.glucose, s.pressure])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

describe('consoleRxMedicines', () => {
  it("lists the catalogue by generic name for doctors, and no one else's", async () => {
    const { items } = await doctor.client.GET('/console/v1/rx/medicines');
    expect(items.length).toBeGreaterThan(0);
    expect(items).toHaveLength(await api.app.em.fork().count(Medicine, {}));
    const first = items[0]!;
    expect(Object.keys(first).sort()).toEqual([
      'dosageUnit',
      'genericName',
      'medicineId',
      'packingUnit',
      'productName',
      'rxCategory',
      'specification',
    ]);
    expect(first.genericName.length).toBeGreaterThan(0);
    expect(Number.isInteger(first.medicineId)).toBe(true);
    const pharmacist = await signedIn('pharmacist');
    expect(await failure(pharmacist.client.GET('/console/v1/rx/medicines'))).toMatchObject({ code: 40300 });
  });
});
