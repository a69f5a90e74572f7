/*
 * The medicine catalogue, pharmacies and online stores (spec 3 §2.3, §3; issue 19). Medicines are
 * common generic drugs for diabetes and high blood pressure with their usual specifications; pharmacy
 * and store names, addresses and phones are invented for the demo; region codes are real
 * (`@vant/area-data`) and coordinates are GCJ-02 points in those districts.
 */
import type { EntityManager } from '@mikro-orm/core';
import { Medicine, OnlineStore, Pharmacy, PharmacyStock } from '../contexts/care/pharmacy/pharmacy.entity';

type SeedMedicine = Omit<Medicine, 'id'>;

/** rx_category: 1 prescription (处方药), 2 OTC class A, 3 OTC class B. */
export const seedMedicines: SeedMedicine[] = [
  ['MED-METFORMIN', '盐酸二甲双胍片', '0.5g×20片', '盒', '片', '1'],
  ['MED-METFORMIN-XR', '盐酸二甲双胍缓释片', '0.5g×30片', '盒', '片', '1'],
  ['MED-GLIMEPIRIDE', '格列美脲片', '2mg×15片', '盒', '片', '1'],
  ['MED-GLICLAZIDE', '格列齐特缓释片', '30mg×30片', '盒', '片', '1'],
  ['MED-ACARBOSE', '阿卡波糖片', '50mg×30片', '盒', '片', '1'],
  ['MED-SITAGLIPTIN', '磷酸西格列汀片', '100mg×7片', '盒', '片', '1'],
  ['MED-INSULIN-GLARGINE', '甘精胰岛素注射液', '3ml:300单位/支', '支', '单位', '1'],
  ['MED-AMLODIPINE', '苯磺酸氨氯地平片', '5mg×7片', '盒', '片', '1'],
  ['MED-NIFEDIPINE-CR', '硝苯地平控释片', '30mg×7片', '盒', '片', '1'],
  ['MED-VALSARTAN', '缬沙坦胶囊', '80mg×7粒', '盒', '粒', '1'],
  ['MED-IRBESARTAN', '厄贝沙坦片', '150mg×7片', '盒', '片', '1'],
  ['MED-METOPROLOL', '酒石酸美托洛尔片', '25mg×20片', '盒', '片', '1'],
  ['MED-ATORVASTATIN', '阿托伐他汀钙片', '20mg×7片', '盒', '片', '1'],
  ['MED-ASPIRIN', '阿司匹林肠溶片', '100mg×30片', '盒', '片', '2'],
  ['MED-VITB1', '维生素B1片', '10mg×100片', '瓶', '片', '2'],
  ['MED-CALCIUM', '碳酸钙D3片', '600mg×60片', '瓶', '片', '3'],
].map(([code, genericName, specification, packingUnit, dosageUnit, rxCategory]) => ({
  code: code as string,
  genericName: genericName as string,
  productName: '',
  specification: specification as string,
  packingUnit: packingUnit as string,
  dosageUnit: dosageUnit as string,
  rxCategory: rxCategory as string,
}));

const H = 3_600_000;

interface SeedPharmacy extends Omit<Pharmacy, 'id'> {
  /** Codes of the medicines it stocks. */
  stock: string[];
}

const DIABETES = ['MED-METFORMIN', 'MED-METFORMIN-XR', 'MED-GLIMEPIRIDE', 'MED-ACARBOSE', 'MED-ASPIRIN'];
const PRESSURE = ['MED-AMLODIPINE', 'MED-NIFEDIPINE-CR', 'MED-VALSARTAN', 'MED-METOPROLOL', 'MED-ATORVASTATIN'];
const ALL = seedMedicines.map((m) => m.code);

const pharmacy = (
  code: string,
  name: string,
  [province, city, district]: [string, string, string],
  address: string,
  phone: string,
  [longitude, latitude]: [number, number],
  [openStart, openEnd]: [number, number],
  stock: string[],
): SeedPharmacy => ({
  code,
  name,
  address,
  phone,
  storeImage: '',
  province,
  city,
  district,
  longitude,
  latitude,
  openStartTime: openStart * H,
  openEndTime: openEnd * H,
  status: 1,
  stock,
});

const XICHENG: [string, string, string] = ['110000', '110100', '110102'];
const CHAOYANG: [string, string, string] = ['110000', '110100', '110105'];
const DONGCHENG: [string, string, string] = ['110000', '110100', '110101'];
const XUHUI: [string, string, string] = ['310000', '310100', '310104'];
const PUDONG: [string, string, string] = ['310000', '310100', '310115'];
const TIANHE: [string, string, string] = ['440000', '440100', '440106'];
const XIHU: [string, string, string] = ['330000', '330100', '330106'];
const WUHOU: [string, string, string] = ['510000', '510100', '510107'];

export const seedPharmacies: SeedPharmacy[] = [
  pharmacy(
    'PH-BJ-01',
    '康宁大药房（西单店）',
    XICHENG,
    '西城区西单北大街126号',
    '010-66071234',
    [116.37422, 39.91302],
    [8, 22],
    ALL,
  ),
  pharmacy(
    'PH-BJ-02',
    '仁和堂药店（金融街店）',
    XICHENG,
    '西城区金融大街甲9号',
    '010-66221858',
    [116.36204, 39.91685],
    [8.5, 21],
    DIABETES,
  ),
  pharmacy(
    'PH-BJ-03',
    '百草园药房（王府井店）',
    DONGCHENG,
    '东城区王府井大街219号',
    '010-65253366',
    [116.41065, 39.91491],
    [0, 24],
    [...DIABETES, ...PRESSURE],
  ),
  pharmacy(
    'PH-BJ-04',
    '安康医药（国贸店）',
    CHAOYANG,
    '朝阳区建国门外大街1号',
    '010-65058899',
    [116.45963, 39.90875],
    [9, 21],
    PRESSURE,
  ),
  pharmacy(
    'PH-BJ-05',
    '福寿堂大药房（望京店）',
    CHAOYANG,
    '朝阳区望京街10号',
    '010-64718520',
    [116.48079, 39.99687],
    [8, 22],
    ALL,
  ),
  pharmacy(
    'PH-SH-01',
    '济民大药房（徐家汇店）',
    XUHUI,
    '徐汇区漕溪北路88号',
    '021-64381200',
    [121.43676, 31.19363],
    [8, 22],
    ALL,
  ),
  pharmacy(
    'PH-SH-02',
    '春晖药房（田林店）',
    XUHUI,
    '徐汇区田林路200号',
    '021-64855536',
    [121.42585, 31.17538],
    [8.5, 20.5],
    DIABETES,
  ),
  pharmacy(
    'PH-SH-03',
    '浦江医药（陆家嘴店）',
    PUDONG,
    '浦东新区世纪大道100号',
    '021-58780231',
    [121.50652, 31.23961],
    [0, 24],
    [...DIABETES, ...PRESSURE],
  ),
  pharmacy(
    'PH-GZ-01',
    '岭南大药房（天河城店）',
    TIANHE,
    '天河区天河路208号',
    '020-85590213',
    [113.32518, 23.13755],
    [8, 23],
    ALL,
  ),
  pharmacy(
    'PH-GZ-02',
    '百益药房（珠江新城店）',
    TIANHE,
    '天河区花城大道85号',
    '020-38390866',
    [113.32802, 23.11948],
    [9, 21],
    PRESSURE,
  ),
  pharmacy(
    'PH-HZ-01',
    '钱塘大药房（文三路店）',
    XIHU,
    '西湖区文三路478号',
    '0571-88853210',
    [120.13051, 30.27877],
    [8, 21.5],
    ALL,
  ),
  pharmacy(
    'PH-CD-01',
    '蜀康药房（武侯祠店）',
    WUHOU,
    '武侯区武侯祠大街231号',
    '028-85562370',
    [104.04806, 30.64566],
    [8.5, 22],
    DIABETES,
  ),
];

export const seedOnlineStores: Omit<OnlineStore, 'id'>[] = [
  {
    storeCode: 'OS-KANGNING',
    storeName: '康宁大药房官方网店',
    storeIcon: '',
    remark: '正品保障，处方药凭处方购买，满99元包邮',
    storeUrl: 'https://shop.kangning-pharmacy.example.cn/mobile',
    status: 1,
    sort: 1,
  },
  {
    storeCode: 'OS-JIMIN',
    storeName: '济民健康商城',
    storeIcon: '',
    remark: '糖尿病、高血压常用药专区，药师在线答疑',
    storeUrl: 'https://m.jimin-health.example.cn/store',
    status: 1,
    sort: 2,
  },
  {
    storeCode: 'OS-LINGNAN',
    storeName: '岭南大药房网上药店',
    storeIcon: '',
    remark: '当日下单，次日送达（部分城市）',
    storeUrl: 'https://wx.lingnan-dayaofang.example.cn/',
    status: 1,
    sort: 3,
  },
  {
    storeCode: 'OS-BAICAO',
    storeName: '百草园药房网店',
    storeIcon: '',
    remark: '店铺升级中，暂停营业',
    storeUrl: 'https://shop.baicaoyuan.example.cn/',
    status: 0,
    sort: 4,
  },
];

/**
 * Upserts the catalogue and adds the pharmacies with their stock and the online stores that are not
 * there yet; running it twice changes nothing. Pharmacies, stock and stores are operators' data once
 * seeded (the console's 药店管理 and 网店管理), so a restart never overwrites their changes (docs/adr/0158).
 */
export async function seedPharmacyLibrary(em: EntityManager): Promise<void> {
  await em.upsertMany(Medicine, seedMedicines, { onConflictFields: ['code'], onConflictAction: 'merge' });
  await em.upsertMany(
    Pharmacy,
    seedPharmacies.map(({ stock: _stock, ...p }) => p),
    { onConflictFields: ['code'], onConflictAction: 'ignore' },
  );
  await em.upsertMany(OnlineStore, seedOnlineStores, { onConflictFields: ['storeCode'], onConflictAction: 'ignore' });
  const medicines = new Map((await em.find(Medicine, {})).map((m) => [m.code, m.id]));
  const pharmacies = new Map((await em.find(Pharmacy, {})).map((p) => [p.code, p.id]));
  await em.upsertMany(
    PharmacyStock,
    seedPharmacies.flatMap((p, i) =>
      p.stock.map((code, j) => ({
        pharmacyId: pharmacies.get(p.code) as number,
        medicineId: medicines.get(code) as number,
        quantity: 20 + ((i * 7 + j * 3) % 40),
      })),
    ),
    { onConflictFields: ['pharmacyId', 'medicineId'], onConflictAction: 'ignore' },
  );
}
