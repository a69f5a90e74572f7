// One prescription for the pharmacist: patient, doctor, diagnosis and treatment, each medicine with
// its usage; while it waits for review, 通过 (confirmed) or 驳回 with a reason (required, checked by
// the domain's validateRxReview). A verdict someone else gave first answers 该处方已审核.
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { RX_REASON_MAX, RX_STATUS, RX_STATUS_LABELS, RX_UNUSED_DAYS, validateRxReview } from '@glucoguard/domain';
import { api } from '../../api';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { doctorLine, patientLine, rxStatusColour, usageLine, type RxMedicine } from './rxText';
import styles from './RxReviewPage.module.css';

const medicineColumns: TableColumnsType<RxMedicine> = [
  { title: '药品', dataIndex: 'medicineName', key: 'medicineName' },
  { title: '规格', dataIndex: 'specification', key: 'specification' },
  { title: '数量', key: 'number', render: (_value, m) => `${m.number}${m.packingUnit}` },
  { title: '用法用量', key: 'usage', render: (_value, m) => usageLine(m) },
];

export function RxReviewDrawer({
  infoId,
  onClose,
  onReviewed,
}: {
  infoId: string | null;
  onClose: () => void;
  onReviewed: () => void;
}) {
  const { message } = App.useApp();
  const rx = useConsoleData(
    (signal) =>
      infoId === null
        ? Promise.resolve(null)
        : api.GET('/console/v1/rx/prescriptions/{infoId}', { params: { path: { infoId } }, signal }),
    [infoId],
  );
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { busy, error, setError, run } = useConsoleSubmit();
  const found = infoId !== null && rx.data?.infoId === infoId ? rx.data : null;

  const close = () => {
    setError(null);
    setRejecting(false);
    setReason('');
    setReasonError(null);
    onClose();
  };

  const review = async (approve: boolean) => {
    if (!found) {
      return;
    }
    const check = validateRxReview({ approve, reason });
    if (!check.ok) {
      setReasonError(check.message);
      return;
    }
    await run(
      async () => {
        await api.POST('/console/v1/rx/prescriptions/{infoId}/review', {
          params: { path: { infoId: found.infoId } },
          body: approve ? { approve } : { approve, reason: reason.trim() },
        });
        void message.success(approve ? '已通过，患者已收到通知' : '已驳回，患者已收到通知');
        setRejecting(false);
        setReason('');
        onReviewed();
      },
      // Someone else's verdict (该处方已审核) or any other refusal: show it over the prescription as it is now.
      () => {
        setRejecting(false);
        rx.reload();
      },
    );
  };

  const waiting = found?.status === RX_STATUS.awaitingReview;
  return (
    <Drawer
      title={found ? `处方 ${found.rxCode}` : '处方'}
      open={infoId !== null}
      size={720}
      onClose={close}
      loading={rx.loading && !found}
      destroyOnHidden
      extra={
        waiting && (
          <Space>
            <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} disabled={busy}>
              驳回
            </Button>
            <Popconfirm
              title="通过该处方？"
              description={`通过后患者即可凭处方二维码到药店购药，${RX_UNUSED_DAYS}天内有效。`}
              okText="通过"
              cancelText="取消"
              onConfirm={() => void review(true)}
            >
              <Button type="primary" icon={<CheckOutlined />} loading={busy}>
                通过
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {error && <Alert className={styles.notice} type="error" showIcon title={error} role="alert" />}
      {found && (
        <>
          <Descriptions bordered column={2} size="middle">
            <Descriptions.Item label="状态" span={2}>
              <Tag color={rxStatusColour(found.status)}>{RX_STATUS_LABELS[found.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="患者">{patientLine(found.patient)}</Descriptions.Item>
            <Descriptions.Item label="就诊编号">{found.patientNo || '—'}</Descriptions.Item>
            <Descriptions.Item label="开方医生" span={2}>
              {doctorLine(found.doctor)}
            </Descriptions.Item>
            <Descriptions.Item label="处方类别">{found.rxCategoryName}</Descriptions.Item>
            <Descriptions.Item label="开具时间">{formatTime(found.createTime)}</Descriptions.Item>
            {found.auditTime && (
              <Descriptions.Item label="审核" span={2}>
                {[found.pharmacistName, formatTime(found.auditTime)].filter(Boolean).join(' · ')}
              </Descriptions.Item>
            )}
            {found.auditReason && (
              <Descriptions.Item label="驳回原因" span={2}>
                {found.auditReason}
              </Descriptions.Item>
            )}
            {found.expireTime && (
              <Descriptions.Item label="有效期至" span={2}>
                {formatTime(found.expireTime)}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5} className={styles.section}>
            诊断及处理意见
          </Typography.Title>
          <Typography.Paragraph className={styles.content}>{found.content}</Typography.Paragraph>
          <Typography.Title level={5} className={styles.section}>
            药品（{found.medicines.length} 种）
          </Typography.Title>
          <Table<RxMedicine>
            rowKey="medicineId"
            size="small"
            columns={medicineColumns}
            dataSource={found.medicines}
            pagination={false}
          />
        </>
      )}
      <Modal
        title="驳回处方"
        open={rejecting}
        okText="驳回"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void review(false)}
        onCancel={() => {
          setRejecting(false);
          setReasonError(null);
        }}
      >
        <Typography.Paragraph>驳回原因将告知医生和患者，请写明需要修改之处。</Typography.Paragraph>
        <Input.TextArea
          aria-label="驳回原因"
          rows={4}
          maxLength={RX_REASON_MAX}
          showCount
          status={reasonError ? 'error' : undefined}
          placeholder="如：二甲双胍剂量超出常规用量，请核实后重新开具"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(null);
          }}
        />
        {reasonError && (
          <Typography.Text type="danger" role="alert">
            {reasonError}
          </Typography.Text>
        )}
      </Modal>
    </Drawer>
  );
}
