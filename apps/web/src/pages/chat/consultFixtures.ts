import type { Schema } from '@glucoguard/sdk';

/** A consultation as `querySessionBySessionId` answers it, for the screens' component tests. */
export function consultSession(overrides: Partial<Schema<'ConsultSession'>> = {}): Schema<'ConsultSession'> {
  return {
    sessionId: '5a40b2a5-a780-4374-842f-1a3d8a51b089',
    consultId: '0b9d6f1e-4d55-4a43-9c1e-6f1a2b3c4d5e',
    sessionType: 1,
    status: 2,
    statusLabel: '咨询中',
    doctor: {
      doctorId: 9,
      nickName: '王明远',
      headImg: '',
      sex: 1,
      professionalLevel: '1',
      professionalLevelName: '主任医师',
      organizationName: '北京德康医院',
      departmentName: '内分泌科',
    },
    serviceName: '图文咨询',
    priceCents: 3900,
    orderCreateTime: Date.UTC(2026, 10, 25, 1, 30),
    acceptTime: Date.UTC(2026, 10, 25, 2, 0),
    endTime: null,
    serviceInterval: null,
    diagnosticInfo: { desc: '最近一周空腹血糖在8到9之间，饭后有时超过12。', imgList: ['uploads/273/a.jpg'] },
    allergicHistory: { items: ['1'], detail: '' },
    drugStore: null,
    cancelReason: null,
    ...overrides,
  };
}

/** A card of `pagedQueryList`. */
export function consultCard(overrides: Partial<Schema<'ConsultListItem'>> = {}): Schema<'ConsultListItem'> {
  const { diagnosticInfo: _d, allergicHistory: _a, drugStore: _s, ...session } = consultSession();
  return { ...session, unreadCount: 0, lastMessage: null, ...overrides };
}
