// 库存: every catalogue medicine with the pharmacy's quantity; the operator changes some and saves
// only those (0 = 缺货: patients looking for that medicine no longer find the pharmacy).
import { Alert, App, Input, InputNumber, Modal, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { MAX_STOCK_QUANTITY, PHARMACY_FORM_MESSAGES, isStockQuantity } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import styles from './PharmacyPage.module.css';

type Line = Schema<'PharmacyStockEnvelope'>['data']['items'][number];

/** The lines whose quantity the operator changed, as the API takes them. */
export function changedStock(lines: readonly Line[], edits: ReadonlyMap<number, number>) {
  return lines
    .filter((line) => edits.has(line.medicineId) && edits.get(line.medicineId) !== line.quantity)
    .map((line) => ({ medicineId: line.medicineId, quantity: edits.get(line.medicineId) as number }));
}

export function StockDialog({
  pharmacy,
  onClose,
  onSaved,
}: {
  pharmacy: Schema<'ConsolePharmacy'> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const pharmacyId = pharmacy?.pharmacyId ?? null;
  const stock = useConsoleData(
    (signal) =>
      pharmacyId === null
        ? Promise.resolve(null)
        : api.GET('/console/v1/pharmacies/{pharmacyId}/stock', { params: { path: { pharmacyId } }, signal }),
    [pharmacyId],
  );
  const [edits, setEdits] = useState<Map<number, number>>(new Map());
  const [filter, setFilter] = useState('');
  const { busy, error, setError, run } = useConsoleSubmit();

  const lines = useMemo(() => stock.data?.items ?? [], [stock.data]);
  const shown = useMemo(
    () =>
      lines.filter((line) => line.genericName.includes(filter.trim()) || line.specification.includes(filter.trim())),
    [lines, filter],
  );
  const changes = changedStock(lines, edits);

  const close = () => {
    setEdits(new Map());
    setFilter('');
    setError(null);
    onClose();
  };

  const save = async () => {
    if (pharmacyId === null || changes.length === 0) {
      close();
      return;
    }
    if (!changes.every((c) => isStockQuantity(c.quantity))) {
      setError(PHARMACY_FORM_MESSAGES.quantity);
      return;
    }
    await run(async () => {
      await api.POST('/console/v1/pharmacies/{pharmacyId}/stock', {
        params: { path: { pharmacyId } },
        body: { items: changes },
      });
      void message.success(`已更新 ${changes.length} 种药品的库存`);
      setEdits(new Map());
      onSaved();
    });
  };

  const columns: TableColumnsType<Line> = [
    { title: '通用名', dataIndex: 'genericName', key: 'genericName' },
    { title: '规格', dataIndex: 'specification', key: 'specification' },
    {
      title: '类别',
      dataIndex: 'rxCategoryName',
      key: 'rxCategoryName',
      render: (name: string, line) => <Tag color={line.rxCategory === '1' ? 'red' : 'green'}>{name}</Tag>,
    },
    {
      title: '库存',
      key: 'quantity',
      render: (_value, line) => {
        const value = edits.get(line.medicineId) ?? line.quantity;
        return (
          <InputNumber
            className={styles.quantity}
            aria-label={`${line.genericName} ${line.specification} 库存`}
            min={0}
            max={MAX_STOCK_QUANTITY}
            precision={0}
            value={value}
            suffix={line.packingUnit}
            status={value === 0 ? 'warning' : undefined}
            onChange={(next) => setEdits((old) => new Map(old).set(line.medicineId, next ?? 0))}
          />
        );
      },
    },
  ];

  return (
    <Modal
      title={pharmacy ? `库存：${pharmacy.name}` : '库存'}
      open={pharmacy !== null}
      width={760}
      okText={changes.length > 0 ? `保存（${changes.length} 项修改）` : '保存'}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={close}
      destroyOnHidden
    >
      {error && <Alert className={styles.notice} type="error" showIcon title={error} role="alert" />}
      <Typography.Paragraph type="secondary">
        库存为 0 即缺货：患者按医嘱药品找药店时，不再显示缺少该药的药店。
      </Typography.Paragraph>
      <Input.Search
        className={styles.filters}
        allowClear
        placeholder="按药品名称或规格筛选"
        aria-label="筛选药品"
        onChange={(event) => setFilter(event.target.value)}
      />
      <Table<Line>
        rowKey="medicineId"
        size="small"
        columns={columns}
        dataSource={shown}
        loading={stock.loading}
        pagination={false}
        scroll={{ y: 420 }}
      />
    </Modal>
  );
}
