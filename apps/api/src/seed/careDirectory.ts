/*
 * The doctor picker's directory (spec 2 §4, §7): twelve hospitals in nine provinces, their
 * departments, and doctors and educator nurses. Hospital
 * and person names are invented for the demo; region codes are real (`@vant/area-data`, the codes
 * the location look-up and the region picker use). Phone numbers are invented 137 numbers.
 */
import type { EntityManager } from '@mikro-orm/core';
import { Doctor } from '../contexts/platform/care-directory/doctor.entity';
import { Department, Hospital } from '../contexts/platform/care-directory/hospital.entity';
import { demoDoctors } from './doctors';

interface SeedHospital {
  code: string;
  name: string;
  level: string;
  province: string;
  city: string;
  district: string;
  address: string;
  departments: string[];
}

const CITY_DEPARTMENTS = ['内分泌科', '心血管内科', '全科', '营养科', '肾内科', '眼科'];
const COMMUNITY_DEPARTMENTS = ['全科', '慢病管理门诊', '营养科'];

export const seedHospitals: SeedHospital[] = [
  {
    code: 'BJ-DEKANG',
    name: '北京德康医院',
    level: '三级甲等',
    province: '110000',
    city: '110100',
    district: '110102',
    address: '西城区德康路18号',
    departments: CITY_DEPARTMENTS,
  },
  {
    code: 'BJ-ZHAOHUI',
    name: '北京朝晖社区卫生服务中心',
    level: '一级',
    province: '110000',
    city: '110100',
    district: '110105',
    address: '朝阳区朝晖南街6号',
    departments: COMMUNITY_DEPARTMENTS,
  },
  {
    code: 'SH-XUNAN',
    name: '上海徐南医院',
    level: '三级甲等',
    province: '310000',
    city: '310100',
    district: '310104',
    address: '徐汇区南丹东路220号',
    departments: CITY_DEPARTMENTS,
  },
  {
    code: 'SH-DONGAN',
    name: '上海东岸医院',
    level: '三级乙等',
    province: '310000',
    city: '310100',
    district: '310115',
    address: '浦东新区滨江大道1500号',
    departments: ['内分泌科', '心血管内科', '全科', '营养科'],
  },
  {
    code: 'GZ-TIANHE',
    name: '广州天和医院',
    level: '三级甲等',
    province: '440000',
    city: '440100',
    district: '440106',
    address: '天河区和平东路88号',
    departments: CITY_DEPARTMENTS,
  },
  {
    code: 'SZ-NANWAN',
    name: '深圳南湾人民医院',
    level: '三级甲等',
    province: '440000',
    city: '440300',
    district: '440305',
    address: '南山区南湾大道3号',
    departments: ['内分泌科', '心血管内科', '全科', '营养科', '肾内科'],
  },
  {
    code: 'HZ-HUBIN',
    name: '杭州湖滨医院',
    level: '三级甲等',
    province: '330000',
    city: '330100',
    district: '330106',
    address: '西湖区湖滨北路56号',
    departments: CITY_DEPARTMENTS,
  },
  {
    code: 'NJ-ZHONGSHAN',
    name: '南京钟山医院',
    level: '三级甲等',
    province: '320000',
    city: '320100',
    district: '320106',
    address: '鼓楼区钟山西路102号',
    departments: ['内分泌科', '心血管内科', '全科', '营养科', '眼科'],
  },
  {
    code: 'CD-JINCHENG',
    name: '成都锦城医院',
    level: '三级甲等',
    province: '510000',
    city: '510100',
    district: '510107',
    address: '武侯区锦城大道66号',
    departments: CITY_DEPARTMENTS,
  },
  {
    code: 'WH-JIANGNAN',
    name: '武汉江南医院',
    level: '三级甲等',
    province: '420000',
    city: '420100',
    district: '420106',
    address: '武昌区江南路9号',
    departments: ['内分泌科', '心血管内科', '全科', '营养科'],
  },
  {
    code: 'JN-QUANCHENG',
    name: '济南泉城医院',
    level: '二级甲等',
    province: '370000',
    city: '370100',
    district: '370102',
    address: '历下区泉城路27号',
    departments: ['内分泌科', '心血管内科', '全科'],
  },
  {
    code: 'XA-YANNAN',
    name: '西安雁南医院',
    level: '三级甲等',
    province: '610000',
    city: '610100',
    district: '610113',
    address: '雁塔区雁南一路15号',
    departments: ['内分泌科', '心血管内科', '全科', '营养科'],
  },
];

/** [name, title, department, roleType] per hospital, in the order of {@link seedHospitals}. */
type Carer = readonly [name: string, title: string, department: string, roleType: 1 | 2];

const CARERS: Record<string, readonly Carer[]> = {
  'BJ-DEKANG': [
    ['陈立群', '副主任医师', '内分泌科', 1],
    ['刘思敏', '主管护师', '内分泌科', 2],
    ['高振宇', '主治医师', '心血管内科', 1],
    ['孙雅静', '主治医师', '营养科', 1],
  ],
  'BJ-ZHAOHUI': [
    ['韩春梅', '主治医师', '全科', 1],
    ['郑晓雯', '护师', '慢病管理门诊', 2],
  ],
  'SH-XUNAN': [
    ['周文彬', '主任医师', '内分泌科', 1],
    ['吴佳怡', '主管护师', '内分泌科', 2],
    ['沈国栋', '副主任医师', '肾内科', 1],
    ['陆晓燕', '主治医师', '眼科', 1],
  ],
  'SH-DONGAN': [
    ['顾家明', '副主任医师', '内分泌科', 1],
    ['钱雨桐', '护师', '内分泌科', 2],
    ['施永康', '主治医师', '心血管内科', 1],
  ],
  'GZ-TIANHE': [
    ['黄志华', '主任医师', '内分泌科', 1],
    ['梁嘉欣', '主管护师', '内分泌科', 2],
    ['何卫东', '副主任医师', '心血管内科', 1],
    ['罗慧敏', '主治医师', '营养科', 1],
  ],
  'SZ-NANWAN': [
    ['林振邦', '副主任医师', '内分泌科', 1],
    ['谢婉婷', '主管护师', '内分泌科', 2],
    ['蔡俊杰', '主治医师', '全科', 1],
  ],
  'HZ-HUBIN': [
    ['徐海峰', '主任医师', '内分泌科', 1],
    ['朱美琳', '主管护师', '内分泌科', 2],
    ['方建新', '副主任医师', '心血管内科', 1],
    ['邵可欣', '住院医师', '全科', 1],
  ],
  'NJ-ZHONGSHAN': [
    ['杨卫国', '主任医师', '内分泌科', 1],
    ['许静怡', '护师', '内分泌科', 2],
    ['丁永强', '主治医师', '眼科', 1],
  ],
  'CD-JINCHENG': [
    ['邓晓峰', '副主任医师', '内分泌科', 1],
    ['唐雨欣', '主管护师', '内分泌科', 2],
    ['曾德明', '主治医师', '心血管内科', 1],
    ['彭丽娟', '主治医师', '营养科', 1],
  ],
  'WH-JIANGNAN': [
    ['胡建平', '主任医师', '内分泌科', 1],
    ['程晓丽', '主管护师', '内分泌科', 2],
    ['万志勇', '副主任医师', '心血管内科', 1],
  ],
  'JN-QUANCHENG': [
    ['马俊峰', '副主任医师', '内分泌科', 1],
    ['田玉洁', '护师', '内分泌科', 2],
  ],
  'XA-YANNAN': [
    ['任国强', '主任医师', '内分泌科', 1],
    ['白若雪', '主管护师', '内分泌科', 2],
    ['贺文涛', '主治医师', '心血管内科', 1],
  ],
};

/** Where the three demo doctors of registration (invite codes WANG01, LIQH02, ZHAO03) work. */
const DEMO_PLACES: Record<string, { hospital: string; phone: string }> = {
  demo_doctor_wang: { hospital: 'BJ-DEKANG', phone: '13700000001' },
  demo_doctor_li: { hospital: 'SH-XUNAN', phone: '13700000002' },
  demo_doctor_zhao: { hospital: 'BJ-ZHAOHUI', phone: '13700000003' },
};

/** Every seeded carer with its hospital code and department name. */
export const seedCarers = [
  ...demoDoctors.map((d) => {
    const place = DEMO_PLACES[d.openid] as { hospital: string; phone: string };
    return { ...d, hospitalCode: place.hospital, roleType: 1 as const, phone: place.phone };
  }),
  ...seedHospitals.flatMap((hospital, h) =>
    (CARERS[hospital.code] ?? []).map(([name, title, department, roleType], n) => {
      // Seeded codes carry the digits 0 and 1, which customers' invite codes never use, so they cannot collide.
      const number = `${String(h + 1).padStart(2, '0')}${String(n + 1).padStart(2, '0')}`;
      return {
        openid: `seed_doctor_${number}`,
        name,
        hospital: hospital.name,
        department,
        title,
        inviteCode: `DR${number}`,
        hospitalCode: hospital.code,
        roleType,
        phone: `1370000${number}`,
      };
    }),
  ),
];

/** Seeds the directory. Idempotent: upserts on stable keys (hospital code, hospital + name, openid). */
export async function seedCareDirectory(em: EntityManager): Promise<void> {
  await em.upsertMany(
    Hospital,
    seedHospitals.map(({ departments: _departments, ...hospital }) => hospital),
    { onConflictFields: ['code'], onConflictAction: 'merge' },
  );
  const hospitals = await em.find(Hospital, { code: { $in: seedHospitals.map((h) => h.code) } });
  const hospitalIds = new Map(hospitals.map((h) => [h.code, h.id]));
  const idOf = (code: string) => hospitalIds.get(code) as number;
  await em.upsertMany(
    Department,
    seedHospitals.flatMap((h) => h.departments.map((name, sort) => ({ hospitalId: idOf(h.code), name, sort }))),
    { onConflictFields: ['hospitalId', 'name'], onConflictAction: 'merge' },
  );
  const departments = await em.find(Department, { hospitalId: { $in: [...hospitalIds.values()] } });
  const departmentIds = new Map(departments.map((d) => [`${d.hospitalId}/${d.name}`, d.id]));
  await em.upsertMany(
    Doctor,
    seedCarers.map(({ hospitalCode, ...carer }) => ({
      ...carer,
      departmentId: departmentIds.get(`${idOf(hospitalCode)}/${carer.department}`) ?? null,
    })),
    { onConflictFields: ['openid'], onConflictAction: 'merge' },
  );
}
