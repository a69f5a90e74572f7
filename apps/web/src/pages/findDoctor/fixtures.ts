import type { Schema } from '@glucoguard/sdk';

/** A doctor as the find-doctor calls answer one. */
export function consultDoctor(overrides: Partial<Schema<'ConsultDoctorVo'>> = {}): Schema<'ConsultDoctorVo'> {
  return {
    doctorId: 9,
    nickName: '王明远',
    headImg: '',
    sex: 1,
    professionalLevel: '1',
    professionalLevelName: '主任医师',
    job: '内分泌科主任',
    organizationName: '北京德康医院',
    departmentName: '内分泌科',
    remark: '2型糖尿病的胰岛素起始与调整、糖尿病合并高血压和血脂异常的综合管理，以及老年糖尿病患者的低血糖预防。',
    eleRxStatus: 1,
    servicePrice: 6000,
    minServicePackagePrice: 19900,
    ...overrides,
  };
}

/** A service as the find-doctor calls answer one. */
export function doctorService(overrides: Partial<Schema<'DoctorServiceVo'>> = {}): Schema<'DoctorServiceVo'> {
  return {
    serviceId: 31,
    doctorId: 9,
    serviceType: 1,
    serviceName: '单次图文咨询',
    serviceInterval: 0,
    servicePrice: 6000,
    status: 1,
    intro: '购买后提交病情描述和检查单照片。',
    ...overrides,
  };
}
