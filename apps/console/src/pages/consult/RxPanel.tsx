// 处方与建议 of a consultation: what the doctor wrote in it (each prescription with its review state,
// each advice), and the buttons that open the forms — 开处方 only when the linked doctor may prescribe
// (eleRxStatus 1, the API's canPrescribe), 用药建议 always.
import { FileAddOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatRxDuration, RX_SHOW_STATUS_LABELS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import { RxFormDialog } from './RxFormDialog';
import type { useDictionaries } from './useDictionaries';
import styles from './ConsultPage.module.css';

type MedicineVo = Schema<'RxMedicineVo'>;

const SHOW_STATUS_COLOURS: Record<number, string> = { 1: 'processing', 2: 'green', 3: 'red', 4: 'blue', 5: 'default' };

function MedicineList({ medicines }: { medicines: readonly MedicineVo[] }) {
  if (medicines.length === 0) {
    return <Typography.Text type="secondary">未开具药品</Typography.Text>;
  }
  return (
    <ul className={styles.medicineList}>
      {medicines.map((m) => (
        <li key={m.medicineId}>
          <Typography.Text strong>{m.medicineName}</Typography.Text> {m.specification} × {m.number}
          {m.packingUnit}：{m.usagedName}，{m.rateName}，每次{m.dosage}
          {m.dosageUnit}，{formatRxDuration(m.time, m.timeUnit)}
        </li>
      ))}
    </ul>
  );
}

export function RxPanel({
  consultId,
  dictionaries,
}: {
  consultId: string;
  dictionaries: ReturnType<typeof useDictionaries>;
}) {
  const [writing, setWriting] = useState<'prescription' | 'advice' | null>(null);
  const written = useConsoleData(
    (signal) => api.GET('/console/v1/rx/consults/{consultId}', { params: { path: { consultId } }, signal }),
    [consultId],
  );
  const data = written.data;
  return (
    <Card
      title="处方与用药建议"
      loading={written.loading && !data}
      extra={
        <Space>
          {data?.canPrescribe && (
            <Button type="primary" icon={<FileAddOutlined />} onClick={() => setWriting('prescription')}>
              开处方
            </Button>
          )}
          <Button icon={<MedicineBoxOutlined />} onClick={() => setWriting('advice')}>
            用药建议
          </Button>
        </Space>
      }
    >
      {data && !data.canPrescribe && (
        <Typography.Paragraph type="secondary">你暂未开通电子处方资质，可发送用药建议。</Typography.Paragraph>
      )}
      {data && data.prescriptions.length === 0 && data.advice.length === 0 && (
        <Empty description="本次咨询还没有处方或用药建议" />
      )}
      {data && data.prescriptions.length > 0 && (
        <List
          header={<Typography.Text strong>处方</Typography.Text>}
          dataSource={data.prescriptions}
          renderItem={(rx) => (
            <List.Item data-testid="consult-rx">
              <Descriptions
                size="small"
                column={2}
                title={
                  <Space>
                    {rx.rxCode}
                    <Tag color={SHOW_STATUS_COLOURS[rx.customerShowStatus]}>
                      {RX_SHOW_STATUS_LABELS[rx.customerShowStatus] ?? rx.status}
                    </Tag>
                  </Space>
                }
              >
                <Descriptions.Item label="开具时间">{rx.createTime}</Descriptions.Item>
                <Descriptions.Item label="处方类别">{rx.rxCategoryName}</Descriptions.Item>
                <Descriptions.Item label="诊断及处理意见" span={2}>
                  {rx.content}
                </Descriptions.Item>
                {rx.auditReason && (
                  <Descriptions.Item label="驳回原因" span={2}>
                    {rx.auditReason}
                  </Descriptions.Item>
                )}
                <Descriptions.Item label="药品" span={2}>
                  <MedicineList medicines={rx.medicines} />
                </Descriptions.Item>
              </Descriptions>
            </List.Item>
          )}
        />
      )}
      {data && data.advice.length > 0 && (
        <List
          header={<Typography.Text strong>用药建议</Typography.Text>}
          dataSource={data.advice}
          renderItem={(advice) => (
            <List.Item data-testid="consult-advice">
              <Descriptions size="small" column={1} title={advice.createTime}>
                <Descriptions.Item label="建议">{advice.content}</Descriptions.Item>
                <Descriptions.Item label="药品">
                  <MedicineList medicines={advice.medicines} />
                </Descriptions.Item>
              </Descriptions>
            </List.Item>
          )}
        />
      )}
      <RxFormDialog
        kind={writing}
        consultId={consultId}
        rxCategories={dictionaries.options('rx_category')}
        usages={dictionaries.options('medicine_usaged')}
        rates={dictionaries.options('medicine_rate')}
        onClose={() => setWriting(null)}
        onDone={() => {
          setWriting(null);
          written.reload();
        }}
      />
    </Card>
  );
}
