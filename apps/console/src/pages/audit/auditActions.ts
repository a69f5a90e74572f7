// How the audit browser names the actions the API records (docs/adr/0119-audit-trail.md,
// docs/adr/0132-patients-sensitive-actions-audited.md). An action not listed shows as it is stored.
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'staff.signIn': '登录控制台',
  'staff.password': '修改自己的密码',
  'staff.list': '查看员工列表',
  'staff.create': '新建员工账号',
  'staff.role': '修改员工角色',
  'staff.disable': '停用员工账号',
  'audit.read': '查看审计日志',
  'chat.list': '查看会话列表',
  'chat.read': '查看聊天记录',
  'chat.send': '发送聊天消息',
  'chat.file': '查看聊天图片或语音',
  'payment.read': '查看支付单',
  'payment.refund': '发起退款',
  'consult.readings': '查看问诊患者的健康数据',
  'healthRecord.save': '保存健康档案',
  'healthRecord.doctor': '设置主治医生',
  'profile.edit': '修改个人资料',
  'account.phone': '更换手机号',
  'location.save': '保存位置',
  'reading.edit': '修改测量记录',
  'reading.delete': '删除测量记录',
  'medicalReport.upload': '上传医疗报告',
  'medicalReport.delete': '删除医疗报告',
  'relative.grant': '同意亲友关注',
  'relative.revoke': '取消亲友关注',
  'relative.leave': '退出关注',
  'share.create': '创建分享',
  'share.revoke': '撤销分享',
  'device.bind': '绑定设备',
  'device.unbind': '解绑设备',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}
