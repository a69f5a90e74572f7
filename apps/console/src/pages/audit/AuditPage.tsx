import { Typography } from 'antd';

export default function Page() {
  return <Typography.Title level={3}>审计日志</Typography.Title>;
}
