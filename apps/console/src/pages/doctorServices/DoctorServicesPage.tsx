// 服务与价格 (doctor): the services the linked doctor offers patients in 找医生 — the single
// consultation and interval services — with their prices; add one, change one, or stop offering it
// (docs/adr/0148-doctor-services-and-prices.md). Consultations already bought keep what was bought.
import { Button, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  DOCTOR_SERVICE_STATUS_LABELS,
  centsToYuan,
  doctorServiceTypeName,
  serviceDurationLabel,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { ListPage } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { DoctorServiceDialog } from './DoctorServiceDialog';

type Service = Schema<'DoctorServiceVo'>;

export default function DoctorServicesPage() {
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const list = useConsoleData((signal) => api.GET('/console/v1/doctor/services', { signal }), []);

  const columns: TableColumnsType<Service> = [
    { title: '服务名称', dataIndex: 'serviceName', key: 'serviceName' },
    { title: '类型', key: 'type', render: (_v, s) => doctorServiceTypeName(s.serviceType) },
    { title: '时长', key: 'time', render: (_v, s) => serviceDurationLabel(s) },
    { title: '价格', key: 'price', render: (_v, s) => `¥${centsToYuan(s.servicePrice)}` },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: 0 | 1) => (
        <Tag color={status === 1 ? 'green' : 'default'}>{DOCTOR_SERVICE_STATUS_LABELS[status]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_v, s) => (
        <Button type="link" onClick={() => setEditing(s)} aria-label={`编辑 ${s.serviceName}`}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <ListPage title="服务与价格" addLabel="新增服务" onReload={list.reload} onAdd={() => setEditing('new')}>
      <Typography.Paragraph type="secondary">
        患者在「找医生」中看到已开通的服务并按此价格购买；停用后不再出售，已购买的咨询不受影响。单次图文咨询只能有一项，包时段服务每种天数一项。
      </Typography.Paragraph>
      <Table<Service>
        rowKey="serviceId"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.loading}
        locale={{ emptyText: '暂未开通咨询服务' }}
        pagination={false}
      />
      <DoctorServiceDialog
        open={editing !== null}
        service={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </ListPage>
  );
}
