/** Test data of the submission flow's unit tests. */

export const SESSION_ID = '5b0f5a55-1f4e-4c43-9f1e-2a8d0a6b7c01';

/** A consultation as querySessionBySessionId answers it. */
export function consultSession(status: number) {
  return {
    sessionId: SESSION_ID,
    consultId: 'c-1',
    sessionType: 1,
    status,
    statusLabel: '',
    doctor: {
      doctorId: 7,
      nickName: '周文华',
      headImg: '',
      sex: 1,
      professionalLevel: '2',
      professionalLevelName: '副主任医师',
      organizationName: '上海市第六人民医院',
      departmentName: '内分泌科',
    },
    serviceName: '图文咨询',
    priceCents: 3000,
    orderCreateTime: 0,
    acceptTime: null,
    endTime: null,
    serviceInterval: null,
    diagnosticInfo: null,
    allergicHistory: null,
    drugStore: null,
    cancelReason: null,
  };
}
