/*
 * The demo patient's prescriptions and advice from demo.doctor's linked doctor (王明远), so the
 * prescription pages and the pharmacist's queue can be tried after `npm start` (ADRs 0153–0155):
 * in the finished consultation a used prescription (its medicines shown) and an advice; in the
 * running one an approved prescription (its QR seal), one waiting for demo.pharmacist, and an advice
 * naming medicines 1 and 8 (去买药 finds 康宁大药房（西单店）). Demo data only (never with
 * NODE_ENV=production). Seeded once, after the demo consultations.
 */
import type { EntityManager } from '@mikro-orm/core';
import { CONSULT_STATUS, RX_STATUS, rxExpiresAt } from '@glucoguard/domain';
import { Staff } from '../contexts/identity/staff/staff.entity';
import { Consult } from '../contexts/care/consult/consult.entity';
import { Medicine } from '../contexts/care/pharmacy/pharmacy.entity';
import { Prescription, RxAdvice, type RxMedicineSnapshot } from '../contexts/care/rx/rx.entity';
import { DictionaryRepository } from '../contexts/platform/dictionary/dictionary.repository';
import { seedForDemoPatient, type DemoSeedOptions } from './demo';

const HOUR = 3_600_000;

export async function seedDemoRx(em: EntityManager, options: DemoSeedOptions): Promise<void> {
  await seedForDemoPatient(em, options, 'demo-rx', async (tx, patient) => {
    const doctor = await tx.findOne(Staff, { username: 'demo.doctor' });
    const pharmacist = await tx.findOne(Staff, { username: 'demo.pharmacist' });
    if (!doctor?.doctorId || (await tx.count(Prescription, { customerId: patient.id })) > 0) {
      return;
    }
    const consults = await tx.find(Consult, { customerId: patient.id, doctorId: doctor.doctorId });
    const running = consults.find((c) => c.status === CONSULT_STATUS.inConsultation);
    const finished = consults.find((c) => c.status === CONSULT_STATUS.finished);
    const medicines = await tx.find(Medicine, { id: { $in: [1, 8] } }, { orderBy: { id: 'asc' } });
    if (!running || !finished || medicines.length < 2) {
      return;
    }
    const groups = await new DictionaryRepository(tx).groupByType(['medicine_usaged', 'medicine_rate']);
    const label = (code: string, key: string) => groups[code]?.find((i) => i.itemKey === key)?.itemValue ?? '';
    const lines: RxMedicineSnapshot[] = medicines.map((m, index) => ({
      medicineId: m.id,
      medicineName: m.genericName,
      specification: m.specification,
      packingUnit: m.packingUnit,
      dosageUnit: m.dosageUnit,
      number: 2,
      dosage: '1',
      usaged: '1',
      usagedName: label('medicine_usaged', '1'),
      rate: index === 0 ? '2' : '1',
      rateName: label('medicine_rate', index === 0 ? '2' : '1'),
      time: 14,
      timeUnit: 0,
    }));
    const now = options.now.getTime();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    const prescription = (
      key: string,
      consult: Consult,
      status: number,
      createdHoursAgo: number,
      content: string,
    ): Omit<Prescription, 'id'> => {
      const reviewedAt = status === RX_STATUS.awaitingReview ? null : at(createdHoursAgo - 1);
      return {
        rxCode: `RXDEMO${key}`,
        patientNo: `P${patient.id.replace(/-/g, '').slice(0, 10).toUpperCase()}`,
        consultId: consult.id,
        sessionId: consult.sessionId,
        customerId: patient.id,
        doctorId: doctor.doctorId!,
        staffId: doctor.id,
        requestKey: `demo-rx-${key}`,
        rxCategory: '1',
        status,
        content,
        medicines: lines,
        createdAt: at(createdHoursAgo),
        reviewedAt,
        reviewerId: reviewedAt && pharmacist ? pharmacist.id : null,
        reviewReason: null,
        expiresAt: reviewedAt ? rxExpiresAt(reviewedAt) : null,
        usedAt: status === RX_STATUS.used ? at(createdHoursAgo - 3) : null,
        usedBy: status === RX_STATUS.used && pharmacist ? pharmacist.id : null,
      };
    };
    tx.create(
      Prescription,
      prescription(
        '000001',
        finished,
        RX_STATUS.used,
        50,
        '2型糖尿病，血糖控制基本达标。继续二甲双胍，血压偏高加用氨氯地平，两周后复查。',
      ),
    );
    tx.create(
      Prescription,
      prescription(
        '000002',
        running,
        RX_STATUS.approved,
        2,
        '2型糖尿病，空腹血糖偏高。二甲双胍随餐服用，氨氯地平每日一次，一周后复诊。',
      ),
    );
    tx.create(
      Prescription,
      prescription('000003', running, RX_STATUS.awaitingReview, 1, '2型糖尿病伴高血压，续方两周。'),
    );
    const advice = (key: string, consult: Consult, hoursAgo: number, content: string): Omit<RxAdvice, 'id'> => ({
      consultId: consult.id,
      sessionId: consult.sessionId,
      customerId: patient.id,
      doctorId: doctor.doctorId!,
      staffId: doctor.id,
      requestKey: `demo-advice-${key}`,
      content,
      medicines: lines,
      createdAt: at(hoursAgo),
    });
    tx.create(RxAdvice, advice('1', finished, 49, '控制主食，每餐一拳头米饭；每天快走30分钟，睡前测一次血压。'));
    tx.create(
      RxAdvice,
      advice('2', running, 1.5, '晚餐减少主食，饭后散步30分钟；药物随餐服用，如有明显胃肠不适请及时告诉我。'),
    );
    await tx.flush();
  });
}
