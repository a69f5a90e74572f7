// One of the doctor's consultations: the patient, the service and its times, the illness as the
// patient described it with the photos, the allergy history and the chosen pharmacy; the actions its
// status allows (待接诊: 接诊 / 拒绝 with a reason; 咨询中: 结束咨询 after a confirm), the way to the
// chat and to the patient's readings, and what the doctor wrote in it (prescriptions only when the
// linked doctor may prescribe, medication advice always). See docs/adr/0157-doctor-consultation-pages.md.
import { ArrowLeftOutlined, LineChartOutlined, MessageOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Empty, Image, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { centsToYuan, CONSULT_STATUS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api, isSessionEnd, messageOf } from '../../api';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { patientText, serviceText, statusColour } from './consultText';
import { MonitorPlanPanel } from './MonitorPlanPanel';
import { RxPanel } from './RxPanel';
import { useBack } from './useBack';
import { useDictionaries } from './useDictionaries';
import styles from './ConsultPage.module.css';

type Consult = Schema<'ConsoleConsult'>;

/** Longest reason for declining a consultation (the API's limit). */
export const REJECT_REASON_MAX = 100;

const fileUrl = (path: string) => `/api/files/${path}`;

function Actions({ consult, onChanged }: { consult: Consult; onChanged: (next: Consult) => void }) {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<'accept' | 'reject' | 'end' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const consultId = consult.consultId;
  const path = { path: { consultId } };

  const run = async (kind: 'accept' | 'reject' | 'end', call: () => Promise<Consult>, done: string) => {
    setBusy(kind);
    try {
      onChanged(await call());
      void message.success(done);
      return true;
    } catch (error) {
      if (!isSessionEnd(error)) {
        void message.error(messageOf(error));
      }
      return false;
    } finally {
      setBusy(null);
    }
  };

  const accept = () =>
    run('accept', () => api.POST('/console/v1/consults/{consultId}/accept', { params: path }), '已接诊，可以开始沟通');
  const end = () => {
    modal.confirm({
      title: '结束咨询',
      content: '结束后患者将不能再发送消息，确定结束本次咨询吗？',
      okText: '结束咨询',
      cancelText: '再想想',
      okButtonProps: { danger: true },
      onOk: () => run('end', () => api.POST('/console/v1/consults/{consultId}/end', { params: path }), '咨询已结束'),
    });
  };
  const reject = async () => {
    const text = reason.trim();
    if (text === '') {
      void message.warning('请填写拒绝原因');
      return;
    }
    const ok = await run(
      'reject',
      () => api.POST('/console/v1/consults/{consultId}/reject', { params: path, body: { reason: text } }),
      '已拒绝，费用将原路退回患者',
    );
    if (ok) {
      setRejecting(false);
      setReason('');
    }
  };

  return (
    <Space wrap>
      {consult.status === CONSULT_STATUS.waitingAccept && (
        <>
          <Button type="primary" size="large" loading={busy === 'accept'} onClick={() => void accept()}>
            接诊
          </Button>
          <Button danger size="large" disabled={busy !== null} onClick={() => setRejecting(true)}>
            拒绝
          </Button>
        </>
      )}
      {consult.status === CONSULT_STATUS.inConsultation && (
        <Button danger size="large" loading={busy === 'end'} onClick={end}>
          结束咨询
        </Button>
      )}
      <Modal
        title="拒绝接诊"
        open={rejecting}
        okText="确定拒绝"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: busy === 'reject' }}
        onOk={() => void reject()}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>拒绝后咨询将取消，费用全额原路退回患者。请告诉患者原因：</Typography.Paragraph>
        <Input.TextArea
          aria-label="拒绝原因"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={REJECT_REASON_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="例如：您的情况需要线下面诊，建议尽快到医院内分泌科就诊"
        />
      </Modal>
    </Space>
  );
}

export default function ConsultPage() {
  const { consultId = '' } = useParams();
  const back = useBack('/consults');
  const dictionaries = useDictionaries();
  const [changed, setChanged] = useState<Consult | null>(null);
  const loaded = useConsoleData(
    (signal) => api.GET('/console/v1/consults/{consultId}', { params: { path: { consultId } }, signal }),
    [consultId],
  );
  const consult = changed?.consultId === consultId ? changed : loaded.data;
  const reload = () => {
    setChanged(null);
    loaded.reload();
  };

  if (!consult) {
    return <Card loading={loaded.loading}>{!loaded.loading && <Empty description="未找到该咨询" />}</Card>;
  }
  const service = serviceText(consult);
  const accepted = consult.status === CONSULT_STATUS.inConsultation || consult.status === CONSULT_STATUS.finished;
  const allergy = consult.allergicHistory;
  return (
    <Space direction="vertical" size="large" className={styles.wide}>
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回问诊队列" onClick={back} />
            <Typography.Title level={4} className={styles.title}>
              {patientText(consult.patient)}
            </Typography.Title>
            <Tag color={statusColour(consult.status)} className={styles.statusTag}>
              {consult.statusLabel}
            </Tag>
          </Space>
        }
        extra={
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={reload}>
              刷新
            </Button>
            {accepted && (
              <Link to={`/chat?sessionId=${consult.sessionId}`}>
                <Button icon={<MessageOutlined />}>
                  {consult.status === CONSULT_STATUS.inConsultation ? '进入聊天' : '查看聊天记录'}
                </Button>
              </Link>
            )}
            {accepted && (
              <Link to={`/consults/${consult.consultId}/readings`}>
                <Button icon={<LineChartOutlined />}>健康数据</Button>
              </Link>
            )}
          </Space>
        }
      >
        <Descriptions bordered column={2} size="middle">
          <Descriptions.Item label="服务">
            {service.name}
            <Typography.Text type="secondary" className={styles.aside}>
              {service.type}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="费用">¥{centsToYuan(consult.priceCents)}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{formatTime(consult.orderCreateTime)}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{formatTime(consult.submitTime)}</Descriptions.Item>
          <Descriptions.Item label="接诊时间">{formatTime(consult.acceptTime)}</Descriptions.Item>
          <Descriptions.Item label={consult.status === CONSULT_STATUS.inConsultation ? '服务到期' : '结束时间'}>
            {formatTime(consult.endTime)}
          </Descriptions.Item>
          {consult.cancelReason && (
            <Descriptions.Item label="取消原因" span={2}>
              {consult.cancelReason}
            </Descriptions.Item>
          )}
        </Descriptions>
        <div className={styles.actions}>
          <Actions consult={consult} onChanged={setChanged} />
        </div>
      </Card>

      <Card title="病情描述">
        {consult.diagnosticInfo ? (
          <>
            <Typography.Paragraph className={styles.desc}>{consult.diagnosticInfo.desc}</Typography.Paragraph>
            {consult.diagnosticInfo.imgList.length > 0 && (
              <Image.PreviewGroup>
                <Space wrap aria-label="病情图片">
                  {consult.diagnosticInfo.imgList.map((path, index) => (
                    <Image
                      key={path}
                      src={fileUrl(path)}
                      width={112}
                      height={112}
                      className={styles.photo}
                      alt={`病情图片 ${index + 1}`}
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
          </>
        ) : (
          <Empty description="患者尚未填写病情" />
        )}
        <Descriptions column={1} size="middle" className={styles.section}>
          <Descriptions.Item label="过敏史">
            {allergy
              ? [
                  ...allergy.items.map((key) => dictionaries.name('allergic_history', key)),
                  ...(allergy.detail ? [`（${allergy.detail}）`] : []),
                ].join('、')
              : '未填写'}
          </Descriptions.Item>
          <Descriptions.Item label="取药药店">
            {consult.drugStore ? `${consult.drugStore.store}（${consult.drugStore.address}）` : '未选择'}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      {accepted && <RxPanel consultId={consult.consultId} dictionaries={dictionaries} />}

      {accepted && <MonitorPlanPanel consultId={consult.consultId} />}
    </Space>
  );
}
