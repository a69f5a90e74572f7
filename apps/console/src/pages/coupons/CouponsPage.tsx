// 优惠券 (operator, admin): the coupon templates, newest first, with how many were issued and used;
// 新建优惠券 and 发放 to chosen customers or to all (docs/adr/0183-coupons-templates-and-holdings.md).
import { Button, Input, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { centsToYuan } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { ListPage } from '../../ListPage';
import { useConsoleData } from '../../useConsoleData';
import { CouponDialog } from './CouponDialog';
import { IssueDialog } from './IssueDialog';
import styles from './CouponsPage.module.css';

type Template = Schema<'ConsoleCoupon'>;

const PAGE_SIZE = 10;

export default function CouponsPage() {
  const [pageNo, setPageNo] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [issuing, setIssuing] = useState<Template | null>(null);
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/coupons', {
        params: { query: { pageNo, pageSize: PAGE_SIZE, ...(keyword && { keyword }) } },
        signal,
      }),
    [pageNo, keyword],
  );
  const now = Date.now();
  const ended = (t: Template) => Date.parse(`${t.endTime.replace(' ', 'T')}+08:00`) < now;

  const columns: TableColumnsType<Template> = [
    { title: '名称', dataIndex: 'couponName', key: 'couponName' },
    {
      title: '面额',
      dataIndex: 'couponValue',
      key: 'couponValue',
      render: (cents: number) => `¥${centsToYuan(cents)}`,
    },
    {
      title: '有效期',
      key: 'validity',
      render: (_value, t) => (
        <Space>
          <span>
            {t.startTime.slice(0, 10)} 至 {t.endTime.slice(0, 10)}
          </span>
          {ended(t) ? <Tag>已结束</Tag> : null}
        </Space>
      ),
    },
    {
      title: '适用范围',
      key: 'range',
      render: (_value, t) => (t.rangeType === 'all' ? '全部商品' : `指定商品（${t.goodsIds.length}个）`),
    },
    { title: '已发放', dataIndex: 'issuedCount', key: 'issuedCount' },
    { title: '已使用', dataIndex: 'usedCount', key: 'usedCount' },
    {
      title: '创建',
      key: 'created',
      render: (_value, t) => (
        <Typography.Text type="secondary">
          {t.createTime.slice(0, 16)} {t.createdBy}
        </Typography.Text>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, t) => (
        <Button type="link" disabled={ended(t)} onClick={() => setIssuing(t)} aria-label={`发放 ${t.couponName}`}>
          发放
        </Button>
      ),
    },
  ];

  return (
    <ListPage title="优惠券" addLabel="新建优惠券" onReload={list.reload} onAdd={() => setCreating(true)}>
      <Typography.Paragraph type="secondary">
        优惠券下单时直接抵扣商品金额（不超过商品金额），每位用户每种优惠券最多持有一张；已发放的优惠券不可修改，如需调整请新建。
      </Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder="按名称搜索"
        className={styles.search}
        onSearch={(value) => {
          setPageNo(1);
          setKeyword(value.trim());
        }}
      />
      <Table<Template>
        rowKey="templateId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        locale={{ emptyText: '暂无优惠券' }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPageNo,
        }}
      />
      <CouponDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          list.reload();
        }}
      />
      <IssueDialog
        template={issuing}
        onClose={() => setIssuing(null)}
        onIssued={() => {
          setIssuing(null);
          list.reload();
        }}
      />
    </ListPage>
  );
}
