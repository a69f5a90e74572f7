/**
 * Demo doctors, so a patient can register with a doctor's invite code (or scan one in) on a
 * fresh installation. Names and hospitals are invented for the demo; the hospitals are those of the
 * doctor picker's directory (careDirectory.ts places the doctors in their departments).
 */
export const demoDoctors = [
  {
    openid: 'demo_doctor_wang',
    name: '王明远',
    hospital: '北京德康医院',
    department: '内分泌科',
    title: '主任医师',
    inviteCode: 'WANG01',
  },
  {
    openid: 'demo_doctor_li',
    name: '李清华',
    hospital: '上海徐南医院',
    department: '心血管内科',
    title: '副主任医师',
    inviteCode: 'LIQH02',
  },
  {
    openid: 'demo_doctor_zhao',
    name: '赵晓岚',
    hospital: '北京朝晖社区卫生服务中心',
    department: '全科',
    title: '主治医师',
    inviteCode: 'ZHAO03',
  },
];
