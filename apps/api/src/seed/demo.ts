/*
 * The demo accounts: a patient with about four months of readings, so every screen has something
 * to show right after `npm start`, and a relative (for the friends feature). Both sign in through
 * the local identity provider with fixed, public device keys — open
 * http://localhost:3000/?deviceKey=demo-patient-0000000001 to be the patient. See
 * docs/adr/0067-demo-accounts-and-demo-readings.md.
 */
import type { EntityManager } from '@mikro-orm/core';
import { withSubjectLock } from '../lib/db';
import { LocalIdentityProvider } from '../providers/wechat/local';
import { BloodPressureTest } from '../contexts/health/readings/pressure.entity';
import { Customer } from '../contexts/identity/customer/customer.entity';
import { CustomerRepository } from '../contexts/identity/customer/customer.repository';
import { KetoneTest } from '../contexts/health/readings/ketone.entity';
import { SugarTest } from '../contexts/health/readings/glucose.entity';
import { UricAcidTest } from '../contexts/health/readings/uricAcid.entity';
import { WeightRecord } from '../contexts/health/readings/weight.entity';
import { DEMO_HEIGHT_CM, demoReadings } from './demoData';

/** The demo accounts' device keys (the local provider's login codes). Public: anyone may use them. */
export const DEMO_DEVICE_KEYS = { patient: 'demo-patient-0000000001', relative: 'demo-relative-000000001' } as const;

/** What the demo seed needs from the running app. */
export interface DemoSeedOptions {
  /** The configured session secret: the local provider derives openids from it. */
  sessionSecret: string;
  /** Today, for the readings' dates (the app's clock). */
  now: Date;
}

type Profile = Pick<
  Customer,
  | 'phone'
  | 'nickname'
  | 'sex'
  | 'roleType'
  | 'diabetesType'
  | 'bloodPressureType'
  | 'birthday'
  | 'province'
  | 'city'
  | 'district'
  | 'heightCm'
>;

const PATIENT: Profile = {
  phone: '13800000001',
  nickname: '张建国',
  sex: 1,
  roleType: 1,
  diabetesType: '3',
  bloodPressureType: '2',
  birthday: '1961-04-18',
  province: '110000',
  city: '110100',
  district: '110105',
  heightCm: DEMO_HEIGHT_CM,
};

const RELATIVE: Profile = {
  phone: '13800000002',
  nickname: '张丽',
  sex: 2,
  roleType: 2,
  diabetesType: '1',
  bloodPressureType: '1',
  birthday: '1988-09-02',
  province: '110000',
  city: '110100',
  district: '110105',
  heightCm: null,
};

/**
 * Runs `fill` with the demo patient, under the advisory lock `seed:<key>` so that two API processes
 * starting together seed once; not with NODE_ENV=production, and not before the demo patient exists.
 * `fill` decides whether its data is there already (each demo seed is added once).
 */
export async function seedForDemoPatient(
  em: EntityManager,
  options: DemoSeedOptions,
  key: string,
  fill: (tx: EntityManager, patient: Customer) => Promise<void>,
): Promise<void> {
  if (process.env.NODE_ENV === 'production') {
    return;
  }
  const { openid } = await new LocalIdentityProvider(options.sessionSecret).exchangeCode(DEMO_DEVICE_KEYS.patient);
  await withSubjectLock(em, `seed:${key}`, async (tx) => {
    const patient = await tx.findOne(Customer, { openid });
    if (patient) {
      await fill(tx, patient);
    }
  });
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const BATCH = 500;

/**
 * The demo account of a device key, registered with the profile. An account that already exists is
 * left as its user made it; a visitor row (someone opened the demo link before the seed ran) is
 * registered. The phone is left out when another account holds it.
 */
async function demoCustomer(
  em: EntityManager,
  identity: LocalIdentityProvider,
  deviceKey: string,
  profile: Profile,
  now: Date,
): Promise<Customer> {
  const { openid } = await identity.exchangeCode(deviceKey);
  const repo = new CustomerRepository(em);
  const customer =
    (await repo.findByOpenid(openid)) ??
    em.create(Customer, { openid, sourceId: 4, inviteCode: await repo.newInviteCode() });
  if (customer.registeredAt === null || customer.registeredAt === undefined) {
    const owner = profile.phone ? await repo.findByPhone(profile.phone) : null;
    Object.assign(customer, profile, {
      phone: owner && owner.id !== customer.id ? null : profile.phone,
      registeredAt: now,
      thirdAuthCode: 1,
    });
  }
  await em.flush();
  return customer;
}

async function insertAll<T extends object>(
  em: EntityManager,
  entity: new () => T,
  rows: readonly Partial<T>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await em.insertMany(entity, rows.slice(i, i + BATCH));
  }
}

/**
 * Creates the demo accounts and, when the patient has no sugar readings yet, their readings — in
 * one transaction under an advisory lock, so two instances starting together seed once. Runs at
 * every start, so it is one bulk INSERT per table (about 900 rows in all).
 */
export async function seedDemo(em: EntityManager, options: DemoSeedOptions): Promise<void> {
  const identity = new LocalIdentityProvider(options.sessionSecret);
  await withSubjectLock(em, 'seed:demo', async (tx) => {
    const patient = await demoCustomer(tx, identity, DEMO_DEVICE_KEYS.patient, PATIENT, options.now);
    await demoCustomer(tx, identity, DEMO_DEVICE_KEYS.relative, RELATIVE, options.now);
    if ((await tx.count(SugarTest, { customerId: patient.id })) > 0) {
      return;
    }
    const data = demoReadings(options.now);
    const customerId = patient.id;
    const stamps = (at: Date) => ({ measuredAt: at, createdAt: at });
    await insertAll(
      tx,
      SugarTest,
      data.sugar.map((r) => ({
        customerId,
        recordedBy: customerId,
        timeType: r.timeType,
        sugar: r.sugar,
        remark: r.remark,
        tags: r.tags,
        synckey: null,
        deviceImei: null,
        ...stamps(r.measuredAt),
        updatedAt: r.measuredAt,
      })),
    );
    await insertAll(
      tx,
      BloodPressureTest,
      data.pressure.map((r) => ({
        customerId,
        recordedBy: customerId,
        sbp: r.sbp,
        dbp: r.dbp,
        hr: r.hr,
        remark: r.remark,
        synckey: null,
        deviceImei: null,
        ...stamps(r.measuredAt),
        updatedAt: r.measuredAt,
      })),
    );
    await insertAll(
      tx,
      WeightRecord,
      data.weight.map((r) => ({
        customerId,
        weightKg: r.weightKg,
        heightCm: r.heightCm,
        bmi: r.bmi,
        ...stamps(r.measuredAt),
      })),
    );
    await insertAll(
      tx,
      KetoneTest,
      data.ketone.map((r) => ({ customerId, ketone: r.value, remark: r.remark, ...stamps(r.measuredAt) })),
    );
    await insertAll(
      tx,
      UricAcidTest,
      data.uricAcid.map((r) => ({ customerId, urine: r.value, remark: r.remark, ...stamps(r.measuredAt) })),
    );
    // The profile follows the latest weighing, as after adding a weight record.
    const latest = data.weight.at(-1);
    if (latest) {
      patient.weightKg = latest.weightKg;
      patient.heightCm ??= latest.heightCm;
      await tx.flush();
    }
  });
}
