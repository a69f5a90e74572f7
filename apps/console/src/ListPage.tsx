// The frame of the console's list pages that add and edit rows (药店, 网店, 服务与价格): the title,
// 刷新 and the add button above the page's own content (filters, a note, the table).
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './ListPage.module.css';

export function ListPage({
  title,
  addLabel,
  onReload,
  onAdd,
  children,
}: {
  title: string;
  addLabel: string;
  onReload: () => void;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <Card
      title={
        <Typography.Title level={4} className={styles.title}>
          {title}
        </Typography.Title>
      }
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={onReload}>
            刷新
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Space>
      }
    >
      {children}
    </Card>
  );
}
