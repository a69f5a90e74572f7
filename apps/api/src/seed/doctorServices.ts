/*
 * The consultation side of the care directory (spec 3 §3 Doctor, Doctor services): each
 * consulting doctor's level, strengths, whether they may prescribe, and the services they offer.
 * Doctors are those of careDirectory.ts, found by openid; doctors not listed here offer no
 * consultation and stay out of the find-doctor list. Texts and prices are ours.
 */
import type { EntityManager } from '@mikro-orm/core';
import { DOCTOR_SERVICE_TYPE } from '@glucoguard/domain';
import { Doctor } from '../contexts/platform/care-directory/doctor.entity';
import { DoctorService } from '../contexts/care/doctor/doctorService.entity';

/** `professional_level` item keys by the directory's title (seeded in dictionaries.ts). */
export const PROFESSIONAL_LEVEL_BY_TITLE: Record<string, string> = {
  主任医师: '1',
  副主任医师: '2',
  主治医师: '3',
  住院医师: '4',
};

/** Prices in cents by level: single consultation, 7 days, 30 days. */
const PRICES: Record<string, readonly [number, number, number]> = {
  '1': [6000, 19900, 59900],
  '2': [4000, 12900, 39900],
  '3': [2500, 7900, 24900],
  '4': [1500, 4900, 14900],
};

/** Which services a doctor offers: the single consultation, the 7-day and the 30-day service. */
type Offer = 'all' | 'once' | 'interval';

interface Profile {
  sex: 1 | 2;
  eleRxStatus: 0 | 1;
  job?: string;
  remark: string;
  offer: Offer;
}

export const DOCTOR_PROFILES: Record<string, Profile> = {
  demo_doctor_wang: {
    sex: 1,
    eleRxStatus: 1,
    job: '内分泌科主任',
    remark: '2型糖尿病的胰岛素起始与调整、糖尿病合并高血压和血脂异常的综合管理，以及老年糖尿病患者的低血糖预防。',
    offer: 'all',
  },
  demo_doctor_li: {
    sex: 1,
    eleRxStatus: 1,
    remark: '原发性高血压的长期用药调整、糖尿病合并冠心病的二级预防，以及家庭血压监测结果的解读。',
    offer: 'all',
  },
  demo_doctor_zhao: {
    sex: 2,
    eleRxStatus: 0,
    remark: '社区慢病随访，帮助糖友建立饮食、运动与自我血糖监测的日常习惯。',
    offer: 'once',
  },
  seed_doctor_0101: {
    sex: 1,
    eleRxStatus: 1,
    remark: '妊娠期糖尿病与糖尿病前期的干预，熟悉动态血糖监测报告的解读。',
    offer: 'all',
  },
  seed_doctor_0103: {
    sex: 1,
    eleRxStatus: 0,
    remark: '高血压合并心律失常的随访管理，关注降压药物的不良反应。',
    offer: 'once',
  },
  seed_doctor_0104: {
    sex: 2,
    eleRxStatus: 0,
    remark: '糖尿病与肥胖人群的膳食处方，为糖友制定可坚持的一日三餐方案。',
    offer: 'interval',
  },
  seed_doctor_0201: {
    sex: 2,
    eleRxStatus: 1,
    remark: '老年慢病患者的多重用药梳理，减少重复用药与药物相互作用。',
    offer: 'once',
  },
  seed_doctor_0301: {
    sex: 1,
    eleRxStatus: 1,
    job: '糖尿病中心主任',
    remark: '1型糖尿病的胰岛素泵治疗、青少年糖尿病管理和糖尿病酮症酸中毒的预防。',
    offer: 'all',
  },
  seed_doctor_0303: {
    sex: 1,
    eleRxStatus: 1,
    remark: '糖尿病肾病的早期筛查与延缓进展，指导尿微量白蛋白与肾功能的定期复查。',
    offer: 'all',
  },
  seed_doctor_0304: {
    sex: 2,
    eleRxStatus: 0,
    remark: '糖尿病视网膜病变的筛查与随访，提醒糖友每年做一次眼底检查。',
    offer: 'once',
  },
  seed_doctor_0401: {
    sex: 1,
    eleRxStatus: 1,
    remark: '甲状腺疾病合并糖尿病的诊治，以及口服降糖药的个体化选择。',
    offer: 'all',
  },
  seed_doctor_0501: {
    sex: 1,
    eleRxStatus: 1,
    job: '内分泌代谢科主任',
    remark: '难治性高血糖的强化治疗、糖尿病足的早期识别与多学科转诊。',
    offer: 'all',
  },
  seed_doctor_0503: {
    sex: 1,
    eleRxStatus: 1,
    remark: '难治性高血压的病因排查，以及高血压患者的运动与限盐指导。',
    offer: 'interval',
  },
  seed_doctor_0504: {
    sex: 2,
    eleRxStatus: 0,
    remark: '慢性肾病与糖尿病患者的低蛋白饮食设计和体重管理。',
    offer: 'once',
  },
  seed_doctor_0601: {
    sex: 1,
    eleRxStatus: 1,
    remark: 'GLP-1受体激动剂等新型降糖药的使用与体重控制，关注年轻糖友的职场血糖管理。',
    offer: 'all',
  },
  seed_doctor_0603: {
    sex: 1,
    eleRxStatus: 0,
    remark: '家庭医生签约服务中的血糖、血压随访和检查结果解读。',
    offer: 'once',
  },
  seed_doctor_0701: {
    sex: 1,
    eleRxStatus: 1,
    remark: '糖尿病周围神经病变的诊治与疼痛管理，以及老年糖尿病综合评估。',
    offer: 'all',
  },
  seed_doctor_0703: {
    sex: 1,
    eleRxStatus: 1,
    remark: '高血压合并心力衰竭的药物优化，指导患者居家监测体重与血压。',
    offer: 'all',
  },
  seed_doctor_0704: {
    sex: 2,
    eleRxStatus: 0,
    remark: '常见慢病的健康宣教，耐心解答用药与复查中的日常疑问。',
    offer: 'once',
  },
  seed_doctor_0801: {
    sex: 1,
    eleRxStatus: 1,
    job: '副院长',
    remark: '复杂糖尿病并发症的综合治疗与围手术期血糖管理，从事内分泌临床工作三十余年。',
    offer: 'all',
  },
  seed_doctor_0901: {
    sex: 1,
    eleRxStatus: 1,
    remark: '糖尿病合并高尿酸血症与痛风的管理，以及降糖、降压、降脂的联合用药。',
    offer: 'all',
  },
  seed_doctor_0904: {
    sex: 2,
    eleRxStatus: 0,
    remark: '川渝饮食习惯下的控糖食谱调整，教糖友吃得香又稳得住血糖。',
    offer: 'interval',
  },
  seed_doctor_1001: {
    sex: 1,
    eleRxStatus: 1,
    remark: '糖尿病的胰岛素强化治疗与方案简化，帮助患者减少每日注射次数。',
    offer: 'all',
  },
  seed_doctor_1101: {
    sex: 1,
    eleRxStatus: 0,
    remark: '糖尿病前期人群的生活方式干预与血糖达标随访。',
    offer: 'once',
  },
  seed_doctor_1201: {
    sex: 1,
    eleRxStatus: 1,
    remark: '西北地区高盐饮食人群的高血压与糖尿病共病管理。',
    offer: 'all',
  },
};

const ONCE_INTRO =
  '单次图文咨询：购买后提交病情描述和检查单照片，医生接诊后通过图文、语音与您交流，解答一次就诊中的问题。医生结束咨询或您主动结束后本次服务完成。医生24小时内未接诊将自动全额退款。';
const intervalIntro = (days: number) =>
  `${days}天包时段服务：医生接诊后${days}天内不限次数图文、语音咨询，可随时反馈血糖、血压变化并获得用药与生活方式建议。服务到期自动结束。医生24小时内未接诊将自动全额退款。`;

/** The services of one doctor by level and offer. */
export function servicesFor(level: string, offer: Offer): Omit<DoctorService, 'id' | 'doctorId'>[] {
  const [once, week, month] = PRICES[level] ?? PRICES['3'] ?? [2500, 7900, 24900];
  const services: Omit<DoctorService, 'id' | 'doctorId'>[] = [];
  if (offer !== 'interval') {
    services.push({
      serviceType: DOCTOR_SERVICE_TYPE.once,
      serviceName: '单次图文咨询',
      serviceInterval: 0,
      servicePrice: once,
      intro: ONCE_INTRO,
      status: 1,
      sort: 0,
    });
  }
  if (offer !== 'once') {
    services.push(
      {
        serviceType: DOCTOR_SERVICE_TYPE.interval,
        serviceName: '7天包周服务',
        serviceInterval: 7,
        servicePrice: week,
        intro: intervalIntro(7),
        status: 1,
        sort: 1,
      },
      {
        serviceType: DOCTOR_SERVICE_TYPE.interval,
        serviceName: '30天包月服务',
        serviceInterval: 30,
        servicePrice: month,
        intro: intervalIntro(30),
        status: 1,
        sort: 2,
      },
    );
  }
  return services;
}

/**
 * Gives every directory doctor its professional level from the title, the listed doctors their
 * profile, and upserts their services. Idempotent (services upsert on doctor, type and days).
 */
export async function seedDoctorServices(em: EntityManager): Promise<void> {
  const doctors = await em.find(Doctor, { roleType: 1 });
  for (const doctor of doctors) {
    doctor.professionalLevel = PROFESSIONAL_LEVEL_BY_TITLE[doctor.title] ?? doctor.professionalLevel ?? null;
    const profile = DOCTOR_PROFILES[doctor.openid];
    if (profile) {
      Object.assign(doctor, {
        sex: profile.sex,
        eleRxStatus: profile.eleRxStatus,
        job: profile.job ?? '',
        remark: profile.remark,
      });
    }
  }
  await em.flush();
  const rows = doctors.flatMap((doctor) => {
    const profile = DOCTOR_PROFILES[doctor.openid];
    return profile
      ? servicesFor(doctor.professionalLevel ?? '3', profile.offer).map((s) => ({ ...s, doctorId: doctor.id }))
      : [];
  });
  if (rows.length > 0) {
    await em.upsertMany(DoctorService, rows, {
      onConflictFields: ['doctorId', 'serviceType', 'serviceInterval'],
      onConflictAction: 'ignore',
    });
  }
}
