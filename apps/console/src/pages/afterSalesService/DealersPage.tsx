// 经销采购咨询 (operator, admin): the dealer procurement enquiries sent from /dealerProcurement,
// newest first, by state (待处理 / 已处理) and a purchaser's name or phone; a row opens the enquiry,
// which is marked handled once with an optional note. Audited by the API
// (docs/adr/0212-after-sales-service-console.md).
import { Button, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { ListFilters, ListPage, PagedTable } from '../../ListPage';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { DealerDrawer } from './DealerDrawer';
import { DEALER_STATE_OPTIONS, dealerStateTag } from './serviceText';
import styles from './AfterSalesService.module.css';

type Enquiry = Schema<'DealerEnquiry'>;

const PAGE_SIZE = 20;

const clipped = (text: string) => (
  <span className={styles.clip} title={text}>
    {text}
  </span>
);

export default function DealersPage() {
  const [handled, setHandled] = useState<0 | 1 | undefined>(0);
  const [keyword, setKeyword] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/after-sales/dealers', {
        params: { query: { handled, keyword, pageNo, pageSize: PAGE_SIZE } },
        signal,
      }),
    [handled, keyword, pageNo],
  );

  const columns: TableColumnsType<Enquiry> = [
    {
      title: '采购人',
      key: 'purchaser',
      render: (_value, enquiry) => (
        <div className={styles.twoLines}>
          <span>{enquiry.purchaser}</span>
          <Typography.Text type="secondary" className={styles.code}>
            {enquiry.phone}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '采购商品',
      key: 'product',
      render: (_value, enquiry) => (
        <div className={styles.twoLines}>
          <span className={styles.clip} title={enquiry.productName}>
            {enquiry.productName}
          </span>
          <Typography.Text type="secondary">数量 {enquiry.account}</Typography.Text>
        </div>
      ),
    },
    { title: '销售渠道', dataIndex: 'saleChannel', key: 'saleChannel', render: clipped },
    { title: '销售区域', dataIndex: 'saleArea', key: 'saleArea', render: clipped },
    { title: '提交时间', key: 'createTime', render: (_value, enquiry) => formatTime(enquiry.createTime) },
    {
      title: '状态',
      key: 'handled',
      render: (_value, enquiry) => {
        const tag = dealerStateTag(enquiry.handled);
        return <Tag color={tag.colour}>{tag.label}</Tag>;
      },
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, enquiry) => (
        <Button
          type="link"
          onClick={() => setOpenId(enquiry.enquiryId)}
          aria-label={`查看 ${enquiry.purchaser} 的采购咨询`}
        >
          {enquiry.handled === 1 ? '查看' : '查看与处理'}
        </Button>
      ),
    },
  ];

  return (
    <ListPage title="经销采购咨询" onReload={list.reload}>
      <ListFilters
        keyword={{ label: '采购人姓名或手机号', onSearch: setKeyword }}
        choice={{
          label: '处理状态',
          options: DEALER_STATE_OPTIONS,
          defaultValue: 0,
          onChange: setHandled,
        }}
        onFilter={() => setPageNo(1)}
      />
      <PagedTable<Enquiry>
        rowKey="enquiryId"
        className={styles.table}
        columns={columns}
        locale={{ emptyText: handled === 0 ? '暂无待处理的采购咨询' : '暂无采购咨询' }}
        list={list}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        unit="条"
        onPageChange={setPageNo}
      />
      <DealerDrawer enquiryId={openId} onClose={() => setOpenId(null)} onChanged={list.reload} />
    </ListPage>
  );
}
