// 处方核销 (pharmacist at the counter): the patient shows the prescription's QR seal; a scanner types
// its text (GGRX:…) into the box and presses Enter, or the pharmacist types it. The API dispenses an
// approved, unused prescription (2 → 4, 已使用) and answers it; any other says why (已使用, 已过期,
// 未通过审核, 尚未审核) or 处方不存在 for an unknown or forged code. Audited by the API (rx.redeem).
import { Alert, Card, Descriptions, Input, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { RX_STATUS_LABELS } from '@glucoguard/domain';
import { api } from '../../api';
import { formatTime } from '../../format';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { doctorLine, patientLine, rxStatusColour, usageLine, type Prescription, type RxMedicine } from './rxText';
import styles from './RxReviewPage.module.css';

const columns: TableColumnsType<RxMedicine> = [
  { title: '药品', dataIndex: 'medicineName', key: 'medicineName' },
  { title: '规格', dataIndex: 'specification', key: 'specification' },
  { title: '数量', key: 'number', render: (_value, m) => `${m.number}${m.packingUnit}` },
  { title: '用法用量', key: 'usage', render: (_value, m) => usageLine(m) },
];

export default function RxRedeemPage() {
  const [code, setCode] = useState('');
  const { busy, error, run } = useConsoleSubmit();
  const [dispensed, setDispensed] = useState<Prescription | null>(null);

  const redeem = async (text: string) => {
    const value = text.trim();
    if (!value) {
      return;
    }
    await run(async () => {
      setDispensed(null);
      setDispensed(await api.POST('/console/v1/rx/redeem', { body: { code: value } }));
      setCode('');
    });
  };

  return (
    <Card
      title={
        <Typography.Title level={4} className={styles.title}>
          处方核销
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary">
        请患者出示处方二维码，用扫码枪扫描（或手动输入二维码内容）后按回车。核销后处方变为已使用，不能再次使用。
      </Typography.Paragraph>
      <Input.Search
        className={styles.code}
        size="large"
        autoFocus
        allowClear
        enterButton="核销"
        aria-label="处方二维码内容"
        placeholder="GGRX:…"
        maxLength={200}
        value={code}
        loading={busy}
        onChange={(event) => setCode(event.target.value)}
        onSearch={(text) => void redeem(text)}
      />
      {error && <Alert className={styles.section} type="error" showIcon title={error} role="alert" />}
      {dispensed && (
        <>
          <Alert
            className={styles.section}
            type="success"
            showIcon
            title={`已核销处方 ${dispensed.rxCode}，请按下列药品发药`}
            role="status"
          />
          <Descriptions className={styles.section} bordered column={2} size="middle">
            <Descriptions.Item label="状态">
              <Tag color={rxStatusColour(dispensed.status)}>{RX_STATUS_LABELS[dispensed.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="开具时间">{formatTime(dispensed.createTime)}</Descriptions.Item>
            <Descriptions.Item label="患者">{patientLine(dispensed.patient)}</Descriptions.Item>
            <Descriptions.Item label="就诊编号">{dispensed.patientNo || '—'}</Descriptions.Item>
            <Descriptions.Item label="开方医生" span={2}>
              {doctorLine(dispensed.doctor)}
            </Descriptions.Item>
          </Descriptions>
          <Table<RxMedicine>
            className={styles.section}
            rowKey="medicineId"
            size="small"
            columns={columns}
            dataSource={dispensed.medicines}
            pagination={false}
          />
        </>
      )}
    </Card>
  );
}
