// One repair request: every field the patient filled in, the two photo groups labelled by what they
// hold (REPAIR_IMAGE_GROUP_LABELS: 发票信息 the purchase voucher, 故障图片 the fault photos; the old
// app swapped them), who handles it, the handling result and what staff did, and the three steps —
// 指派, 填写处理结果, 完成报修 — each confirmed in a dialog. A completed request takes no step.
import { Alert, App, Button, Descriptions, Drawer, Empty, Image, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { REPAIR_IMAGE_GROUP_LABELS, REPAIR_STATUS } from '@glucoguard/domain';
import { api } from '../../api';
import { formatTime } from '../../format';
import { Guarded } from '../../Guarded';
import { useConsoleData } from '../../useConsoleData';
import { AssignDialog, RemarkDialog, type RemarkStep, type RepairDetail } from './RepairDialogs';
import { pictureUrl, repairStatusTag, repairStepText } from './serviceText';
import styles from './AfterSalesService.module.css';

/** A group of photos, each enlarged on a click; 未上传 without any. */
function Photos({ label, addresses }: { label: string; addresses: readonly string[] }) {
  return (
    <>
      <Typography.Title level={5} className={styles.section}>
        {label}
      </Typography.Title>
      {addresses.length === 0 ? (
        <Typography.Text type="secondary">未上传</Typography.Text>
      ) : (
        <Image.PreviewGroup>
          <Space wrap aria-label={label}>
            {addresses.map((address, index) => (
              <Image
                key={address}
                src={pictureUrl(address)}
                width={112}
                height={112}
                className={styles.photo}
                alt={`${label} ${index + 1}`}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </>
  );
}

export function RepairDrawer({
  upkeepId,
  onClose,
  onChanged,
}: {
  upkeepId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  const [changed, setChanged] = useState<RepairDetail | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [remarkStep, setRemarkStep] = useState<RemarkStep | null>(null);
  const loaded = useConsoleData<RepairDetail | null>(
    async (signal) => {
      setChanged(null);
      return upkeepId === null
        ? null
        : api.GET('/console/v1/after-sales/repairs/{upkeepId}', { params: { path: { upkeepId } }, signal });
    },
    [upkeepId],
  );
  const repair = changed ?? loaded.data ?? null;
  const done = repair?.status === REPAIR_STATUS.completed;
  const status = repair ? repairStatusTag(repair.status) : null;

  const after = (next: RepairDetail, text: string) => {
    setAssigning(false);
    setRemarkStep(null);
    setChanged(next);
    void message.success(text);
    onChanged();
  };

  return (
    <Drawer
      title={repair ? `报修 ${repair.upkeepCode}` : '报修详情'}
      open={upkeepId !== null}
      size={720}
      onClose={onClose}
      loading={loaded.loading && !repair}
      destroyOnHidden
    >
      {repair && status && (
        <>
          <Space className={styles.notice} wrap>
            <Tag color={status.colour}>{status.label}</Tag>
            <Tag>{repair.assigneeName ? `处理人：${repair.assigneeName}` : '未指派'}</Tag>
          </Space>
          {done && (
            <Alert
              className={styles.notice}
              type="success"
              showIcon
              title={`已于 ${formatTime(repair.completedAt)} 完成`}
            />
          )}
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="服务编码">
              <Typography.Text copyable className={styles.code}>
                {repair.upkeepCode}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="报修时间">{repair.createTime}</Descriptions.Item>
            <Descriptions.Item label="品类">{repair.categoryName || '—'}</Descriptions.Item>
            <Descriptions.Item label="型号">{repair.productName || '未选择'}</Descriptions.Item>
            <Descriptions.Item label="联系人">{repair.name}</Descriptions.Item>
            <Descriptions.Item label="联系电话">{repair.phone}</Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>
              {repair.address || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="购买日期">{repair.purchaseDateStr || '—'}</Descriptions.Item>
            <Descriptions.Item label="批号">{repair.batchNo || '—'}</Descriptions.Item>
            <Descriptions.Item label="SN/IMEI" span={2}>
              {repair.deviceImei || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="故障描述" span={2}>
              <span className={styles.pre}>{repair.malfunctionContent}</span>
            </Descriptions.Item>
            <Descriptions.Item label="处理结果" span={2}>
              {repair.remark ? <span className={styles.pre}>{repair.remark}</span> : '尚未填写'}
            </Descriptions.Item>
          </Descriptions>

          <Space className={styles.actions} wrap>
            <Guarded problem={done ? '报修单已完成' : null}>
              {(disabled) => (
                <Button type="primary" disabled={disabled} onClick={() => setAssigning(true)}>
                  {repair.assigneeId ? '改派' : '指派'}
                </Button>
              )}
            </Guarded>
            <Guarded problem={done ? '报修单已完成' : null}>
              {(disabled) => (
                <Button disabled={disabled} onClick={() => setRemarkStep('result')}>
                  填写处理结果
                </Button>
              )}
            </Guarded>
            <Guarded problem={done ? '报修单已完成' : null}>
              {(disabled) => (
                <Button type="primary" ghost disabled={disabled} onClick={() => setRemarkStep('complete')}>
                  完成报修
                </Button>
              )}
            </Guarded>
          </Space>

          <Photos label={REPAIR_IMAGE_GROUP_LABELS.certificateUrl} addresses={repair.certificateImages} />
          <Photos label={REPAIR_IMAGE_GROUP_LABELS.malfunctionUrl} addresses={repair.malfunctionImages} />

          <Typography.Title level={5} className={styles.section}>
            处理记录
          </Typography.Title>
          {repair.steps.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未处理" />
          ) : (
            <Timeline
              items={repair.steps.map((step, index) => ({
                key: `${step.at}-${index}`,
                color: step.kind === 'complete' ? 'green' : 'blue',
                title: formatTime(step.at),
                content: repairStepText(step),
              }))}
            />
          )}

          <AssignDialog
            repair={assigning ? repair : null}
            onClose={() => setAssigning(false)}
            onDone={(next) => after(next, `已指派给 ${next.assigneeName ?? ''}`)}
          />
          <RemarkDialog
            repair={remarkStep ? repair : null}
            step={remarkStep ?? 'result'}
            onClose={() => setRemarkStep(null)}
            onDone={(next) => after(next, remarkStep === 'complete' ? '报修已完成' : '处理结果已保存')}
          />
        </>
      )}
    </Drawer>
  );
}
