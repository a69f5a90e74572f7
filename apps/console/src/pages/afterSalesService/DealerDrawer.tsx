// One dealer procurement enquiry (/dealerProcurement): who asks for what, how many, through which
// channel and where, their remark, and — once handled — by whom, when and the note. 标记已处理 asks
// for an optional note in a dialog; an enquiry is handled once.
import { App, Button, Descriptions, Drawer, Form, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { formatTime } from '../../format';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import { DEALER_NOTE_MAX, dealerStateTag } from './serviceText';
import styles from './AfterSalesService.module.css';

type Enquiry = Schema<'DealerEnquiryEnvelope'>['data'];

function HandleDialog({
  enquiry,
  onClose,
  onDone,
}: {
  enquiry: Enquiry | null;
  onClose: () => void;
  onDone: (next: Enquiry) => void;
}) {
  const [form] = Form.useForm<{ note?: string }>();
  const { busy, error, setError, run } = useConsoleSubmit();

  useEffect(() => {
    if (enquiry) {
      form.resetFields();
    }
  }, [enquiry, form]);

  const submit = async ({ note }: { note?: string }) => {
    if (!enquiry) {
      return;
    }
    const next = await run(() =>
      api.POST('/console/v1/after-sales/dealers/{enquiryId}/handle', {
        params: { path: { enquiryId: enquiry.enquiryId } },
        body: note?.trim() ? { note: note.trim() } : {},
      }),
    );
    if (next) {
      onDone(next);
    }
  };

  return (
    <SaveDialog
      title="标记已处理"
      open={enquiry !== null}
      width={480}
      busy={busy}
      error={error}
      okText="确认已处理"
      onSave={() => form.submit()}
      onClose={() => {
        setError(null);
        onClose();
      }}
    >
      <Typography.Paragraph>确定已联系 {enquiry?.purchaser} 并处理这条采购咨询吗？</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item label="处理备注（选填，仅员工可见）" name="note">
          <Input.TextArea rows={3} maxLength={DEALER_NOTE_MAX} showCount placeholder="例如：已电话联系，报价单已发送" />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}

export function DealerDrawer({
  enquiryId,
  onClose,
  onChanged,
}: {
  enquiryId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  const [changed, setChanged] = useState<Enquiry | null>(null);
  const [handling, setHandling] = useState(false);
  const loaded = useConsoleData<Enquiry | null>(
    async (signal) => {
      setChanged(null);
      return enquiryId === null
        ? null
        : api.GET('/console/v1/after-sales/dealers/{enquiryId}', { params: { path: { enquiryId } }, signal });
    },
    [enquiryId],
  );
  const enquiry = changed ?? loaded.data ?? null;
  const state = enquiry ? dealerStateTag(enquiry.handled) : null;

  return (
    <Drawer
      title={enquiry ? `采购咨询 · ${enquiry.purchaser}` : '采购咨询'}
      open={enquiryId !== null}
      size={600}
      onClose={onClose}
      loading={loaded.loading && !enquiry}
      destroyOnHidden
    >
      {enquiry && state && (
        <>
          <Space className={styles.notice}>
            <Tag color={state.colour}>{state.label}</Tag>
          </Space>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="采购人">{enquiry.purchaser}</Descriptions.Item>
            <Descriptions.Item label="联系电话">
              <Typography.Text copyable className={styles.code}>
                {enquiry.phone}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="采购商品">{enquiry.productName}</Descriptions.Item>
            <Descriptions.Item label="采购数量">{enquiry.account}</Descriptions.Item>
            <Descriptions.Item label="销售渠道">{enquiry.saleChannel}</Descriptions.Item>
            <Descriptions.Item label="销售区域">{enquiry.saleArea}</Descriptions.Item>
            <Descriptions.Item label="备注">
              <span className={styles.pre}>{enquiry.remark || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatTime(enquiry.createTime)}</Descriptions.Item>
            {enquiry.handled === 1 && (
              <>
                <Descriptions.Item label="处理人">{enquiry.handledBy ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="处理时间">{formatTime(enquiry.handledAt)}</Descriptions.Item>
                <Descriptions.Item label="处理备注">
                  <span className={styles.pre}>{enquiry.note || '—'}</span>
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          {enquiry.handled === 0 && (
            <Space className={styles.actions}>
              <Button type="primary" onClick={() => setHandling(true)}>
                标记已处理
              </Button>
            </Space>
          )}
          <HandleDialog
            enquiry={handling ? enquiry : null}
            onClose={() => setHandling(false)}
            onDone={(next) => {
              setHandling(false);
              setChanged(next);
              void message.success('已标记为已处理');
              onChanged();
            }}
          />
        </>
      )}
    </Drawer>
  );
}
