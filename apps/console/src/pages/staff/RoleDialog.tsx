import { Alert, Form, Modal, Select } from 'antd';
import { STAFF_MESSAGES } from '@glucoguard/domain';
import type { StaffRole } from '@glucoguard/domain';
import { api } from '../../api';
import type { StaffMember } from '../../session';
import { ROLE_OPTIONS } from './CreateStaffDialog';
import { DoctorPicker } from './DoctorPicker';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import styles from './StaffPage.module.css';

interface Values {
  role: StaffRole;
  doctorId?: number;
}

/** 修改角色: a new role; a doctor needs the care directory's doctor record it is linked to. */
export function RoleDialog({
  member,
  onClose,
  onChanged,
}: {
  member: StaffMember | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const role = Form.useWatch('role', form);
  const { busy, error, setError, run } = useConsoleSubmit();

  const submit = async (values: Values) => {
    if (!member) {
      return;
    }
    await run(async () => {
      await api.POST('/console/v1/staff/{staffId}/role', {
        params: { path: { staffId: member.id } },
        body: {
          role: values.role,
          ...(values.role === 'doctor' && values.doctorId !== undefined && { doctorId: values.doctorId }),
        },
      });
      onChanged();
    });
  };

  return (
    <Modal
      title={member ? `修改 ${member.username} 的角色` : '修改角色'}
      open={member !== null}
      okText="保存"
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
      {member && (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          preserve={false}
          initialValues={{ role: member.role, doctorId: member.doctorId ?? undefined }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
            <Select options={ROLE_OPTIONS} />
          </Form.Item>
          {role === 'doctor' && (
            <Form.Item
              label="关联医生档案"
              name="doctorId"
              rules={[{ required: true, message: STAFF_MESSAGES.doctorNeeded }]}
            >
              <DoctorPicker />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
