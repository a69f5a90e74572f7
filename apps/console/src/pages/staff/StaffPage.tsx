// 员工账号 (admin): every staff account; create one (its one-time password and TOTP code shown once),
// change a role (a doctor is linked to the care directory's doctor record), disable an account.
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { STAFF_ROLE_LABELS } from '@glucoguard/domain';
import { api } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSession } from '../../session';
import type { StaffMember } from '../../session';
import { formatTime } from '../../format';
import { CreateStaffDialog } from './CreateStaffDialog';
import { RoleDialog } from './RoleDialog';
import { OneTimeSecretDialog } from './OneTimeSecretDialog';
import type { CreatedStaff } from './CreateStaffDialog';
import styles from './StaffPage.module.css';

export default function StaffPage() {
  const { session } = useConsoleSession();
  const { message } = App.useApp();
  const staff = useConsoleData((signal) => api.GET('/console/v1/staff', { signal }));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedStaff | null>(null);
  const [editing, setEditing] = useState<StaffMember | null>(null);

  const disable = async (member: StaffMember) => {
    try {
      await api.POST('/console/v1/staff/{staffId}/disable', { params: { path: { staffId: member.id } } });
      void message.success(`已停用 ${member.username}`);
      staff.reload();
    } catch (error) {
      staff.fail(error);
    }
  };

  const columns: TableColumnsType<StaffMember> = [
    { title: '用户名', dataIndex: 'username', key: 'username' },
    { title: '姓名', dataIndex: 'displayName', key: 'displayName', render: (name: string) => name || '—' },
    {
      title: '角色',
      dataIndex: 'role',
      key: 'role',
      render: (role: StaffMember['role']) => <Tag color="blue">{STAFF_ROLE_LABELS[role]}</Tag>,
      filters: Object.entries(STAFF_ROLE_LABELS).map(([value, text]) => ({ value, text })),
      onFilter: (value, member) => member.role === value,
    },
    {
      title: '医生档案',
      dataIndex: 'doctorId',
      key: 'doctorId',
      // The linked doctor's name as patients see it; its directory number on hover.
      render: (doctorId: number | null, member: StaffMember) =>
        doctorId === null ? '—' : <span title={`医生编号 ${doctorId}`}>{member.doctorName ?? `编号 ${doctorId}`}</span>,
    },
    { title: '动态验证码', dataIndex: 'totp', key: 'totp', render: (totp: boolean) => (totp ? '已开启' : '未开启') },
    {
      title: '状态',
      key: 'status',
      render: (_value, member) =>
        member.disabled ? (
          <Tag>已停用</Tag>
        ) : member.mustChangePassword ? (
          <Tag color="orange">待修改初始密码</Tag>
        ) : (
          <Tag color="green">正常</Tag>
        ),
    },
    { title: '最近登录', dataIndex: 'lastSignInAt', key: 'lastSignInAt', render: formatTime },
    {
      title: '操作',
      key: 'actions',
      render: (_value, member) => {
        if (member.disabled) {
          return null;
        }
        const self = member.id === session?.staff.id;
        return (
          <Space>
            <Button type="link" onClick={() => setEditing(member)} disabled={self}>
              修改角色
            </Button>
            <Popconfirm
              title={`停用 ${member.username}？`}
              description="停用后该账号立即退出，且不能再登录。"
              okText="停用"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => void disable(member)}
            >
              <Button type="link" danger disabled={self}>
                停用
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} className={styles.title}>
          员工账号
        </Typography.Title>
      }
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={staff.reload}>
            刷新
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建账号
          </Button>
        </Space>
      }
    >
      <Table<StaffMember>
        className={styles.table}
        rowKey="id"
        columns={columns}
        dataSource={staff.data ?? []}
        loading={staff.loading}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
      <CreateStaffDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreating(false);
          setCreated(answer);
          staff.reload();
        }}
      />
      <OneTimeSecretDialog created={created} onClose={() => setCreated(null)} />
      <RoleDialog
        member={editing}
        onClose={() => setEditing(null)}
        onChanged={() => {
          setEditing(null);
          staff.reload();
        }}
      />
    </Card>
  );
}
