// 审计日志 (admin): who read or wrote whose data, when and from where; filtered by staff member,
// patient, action and time, newest first, a page of 20 at a time (paged backwards by id).
import { SearchOutlined } from '@ant-design/icons';
import {
  AutoComplete,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { STAFF_ROLE_LABELS } from '@glucoguard/domain';
import { api } from '../../api';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './auditActions';
import styles from './AuditPage.module.css';

type AuditEvent = Schema<'AuditEvent'>;

export const AUDIT_PAGE_SIZE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface FilterValues {
  actorId?: string;
  patientId?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

interface Query {
  actorId?: string;
  patientId?: string;
  action?: string;
  from?: string;
  to?: string;
}

function toQuery(values: FilterValues): Query {
  const [from, to] = values.range ?? [];
  return {
    ...(values.actorId && { actorId: values.actorId }),
    ...(values.patientId?.trim() && { patientId: values.patientId.trim() }),
    ...(values.action?.trim() && { action: values.action.trim() }),
    ...(from && { from: from.toISOString() }),
    ...(to && { to: to.toISOString() }),
  };
}

export default function AuditPage() {
  const [form] = Form.useForm<FilterValues>();
  const [query, setQuery] = useState<Query>({});
  /** The `beforeId` of each page shown so far: the first page has none. */
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const beforeId = cursors[cursors.length - 1];

  const staff = useConsoleData((signal) => api.GET('/console/v1/staff', { signal }));
  const events = useConsoleData(
    (signal) =>
      api.GET('/console/v1/audit', {
        params: { query: { ...query, ...(beforeId !== undefined && { beforeId }), pageSize: AUDIT_PAGE_SIZE } },
        signal,
      }),
    [query, beforeId],
  );

  const staffById = useMemo(() => new Map((staff.data ?? []).map((s) => [s.id, s])), [staff.data]);
  const staffOptions = (staff.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.displayName || s.username}（${STAFF_ROLE_LABELS[s.role]}）`,
  }));

  const columns: TableColumnsType<AuditEvent> = [
    { title: '时间', dataIndex: 'at', key: 'at', width: 180, render: formatTime },
    {
      title: '操作人',
      key: 'actor',
      width: 140,
      render: (_value, event) => {
        if (event.actorKind === 'customer') {
          return (
            <Tooltip title={event.actorId}>
              <Tag>患者本人</Tag>
            </Tooltip>
          );
        }
        const member = staffById.get(event.actorId);
        return member ? (
          <Tooltip title={member.username}>{member.displayName || member.username}</Tooltip>
        ) : (
          <span className={styles.mono}>{event.actorId}</span>
        );
      },
    },
    {
      title: '操作',
      dataIndex: 'action',
      key: 'action',
      width: 150,
      render: (action: string) => <Tooltip title={action}>{auditActionLabel(action)}</Tooltip>,
    },
    {
      title: '患者',
      dataIndex: 'patientId',
      key: 'patientId',
      width: 330,
      render: (id: string | null) => (id ? <span className={styles.mono}>{id}</span> : '—'),
    },
    { title: '对象', dataIndex: 'target', key: 'target', render: (target: string | null) => target ?? '—' },
    { title: 'IP', dataIndex: 'ip', key: 'ip', width: 130, render: (ip: string | null) => ip ?? '—' },
    {
      title: '请求编号',
      dataIndex: 'requestId',
      key: 'requestId',
      width: 120,
      render: (id: string | null) =>
        id ? (
          <Typography.Text className={styles.mono} copyable={{ text: id }}>
            {id.slice(0, 8)}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];

  const page = events.data ?? [];
  const search = (values: FilterValues) => {
    setQuery(toQuery(values));
    setCursors([undefined]);
  };

  return (
    <Card title={<Typography.Title level={4}>审计日志</Typography.Title>}>
      <Form<FilterValues> form={form} layout="inline" className={styles.filters} onFinish={search} aria-label="筛选">
        <Form.Item label="操作人" name="actorId">
          <Select
            className={styles.select}
            options={staffOptions}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部员工"
          />
        </Form.Item>
        <Form.Item label="患者编号" name="patientId" rules={[{ pattern: UUID, message: '患者编号格式不正确' }]}>
          <Input className={styles.patient} allowClear placeholder="患者的用户编号（cid）" />
        </Form.Item>
        <Form.Item label="操作" name="action">
          <AutoComplete
            className={styles.select}
            allowClear
            placeholder="全部操作"
            options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({
              value,
              label: `${label}（${value}）`,
            }))}
            showSearch={{
              filterOption: (input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
          />
        </Form.Item>
        <Form.Item label="时间" name="range">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AuditEvent>
        className={styles.table}
        rowKey="id"
        columns={columns}
        dataSource={page}
        loading={events.loading}
        pagination={false}
        locale={{ emptyText: '没有符合条件的记录' }}
      />
      <div className={styles.pager}>
        <span>第 {cursors.length} 页</span>
        <Button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          上一页
        </Button>
        <Button
          disabled={page.length < AUDIT_PAGE_SIZE}
          onClick={() => setCursors((c) => [...c, page[page.length - 1]?.id])}
        >
          下一页
        </Button>
      </div>
    </Card>
  );
}
