import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { STAFF_MESSAGES, STAFF_ROLE_LABELS, STAFF_ROLES, STAFF_USERNAME_PATTERN } from '@glucoguard/domain';
import type { StaffRole } from '@glucoguard/domain';
import { api } from '../../api';
import type { StaffMember } from '../../session';
import { DoctorPicker } from './DoctorPicker';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import styles from './StaffPage.module.css';

export interface CreatedStaff {
  staff: StaffMember;
  oneTimePassword: string;
  totpUri: string | null;
}

interface Values {
  username: string;
  displayName?: string;
  role: StaffRole;
  doctorId?: number;
  totp: boolean;
}

export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** 新建账号: username, name, role, the doctor record of a doctor, TOTP on or off. */
export function CreateStaffDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedStaff) => void;
}) {
  const [form] = Form.useForm<Values>();
  const role = Form.useWatch('role', form);
  const { busy, error, setError, run } = useConsoleSubmit();

  const submit = async (values: Values) => {
    await run(async () => {
      const created = await api.POST('/console/v1/staff', {
        body: {
          username: values.username.trim(),
          role: values.role,
          totp: values.totp,
          ...(values.displayName?.trim() && { displayName: values.displayName.trim() }),
          ...(values.role === 'doctor' && values.doctorId !== undefined && { doctorId: values.doctorId }),
        },
      });
      form.resetFields();
      onCreated(created);
    });
  };

  return (
    <Modal
      title="新建员工账号"
      open={open}
      okText="创建"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      destroyOnHidden
    >
      {error && <Alert className={styles.notice} type="error" showIcon title={error} role="alert" />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ role: 'doctor', totp: false }}
        onFinish={(values) => void submit(values)}
        requiredMark={false}
        preserve={false}
      >
        <Form.Item
          label="用户名"
          name="username"
          extra="登录用，创建后不能修改"
          rules={[
            { required: true, message: '请输入用户名' },
            { pattern: STAFF_USERNAME_PATTERN, message: STAFF_MESSAGES.usernameShape },
          ]}
        >
          <Input autoComplete="off" placeholder="例如 zhang.wei" />
        </Form.Item>
        <Form.Item label="姓名" name="displayName" rules={[{ max: 32, message: '姓名最多 32 个字' }]}>
          <Input autoComplete="off" placeholder="显示在工作台和审计日志中" />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        {role === 'doctor' && (
          <Form.Item
            label="关联医生档案"
            name="doctorId"
            extra="患者在「找医生」中看到的医生档案"
            rules={[{ required: true, message: STAFF_MESSAGES.doctorNeeded }]}
          >
            <DoctorPicker />
          </Form.Item>
        )}
        <Form.Item label="登录时需要动态验证码（TOTP）" name="totp" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
