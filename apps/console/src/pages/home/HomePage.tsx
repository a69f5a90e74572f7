// 工作台: who is signed in, their role, and the pages the role may open (the same route table as the menu).
import { Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { Link, useOutletContext } from 'react-router-dom';
import { STAFF_ROLE_LABELS } from '@glucoguard/domain';
import type { ShellContext } from '../../layout/ConsoleLayout';
import { useConsoleSession } from '../../session';
import { formatTime } from '../../format';

export default function HomePage() {
  const { session } = useConsoleSession();
  const { routes } = useOutletContext<ShellContext>();
  if (!session) {
    return null;
  }
  const { staff } = session;
  const pages = routes.filter((route) => route.path !== 'home');
  return (
    <>
      <Typography.Title level={3}>你好，{staff.displayName || staff.username}</Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card title="我的账号">
            <Descriptions column={1} size="middle">
              <Descriptions.Item label="用户名">{staff.username}</Descriptions.Item>
              <Descriptions.Item label="角色">
                <Tag color="blue">{STAFF_ROLE_LABELS[staff.role]}</Tag>
              </Descriptions.Item>
              {staff.doctorId !== null && (
                <Descriptions.Item label="关联医生档案">编号 {staff.doctorId}</Descriptions.Item>
              )}
              <Descriptions.Item label="动态验证码">{staff.totp ? '已开启' : '未开启'}</Descriptions.Item>
              <Descriptions.Item label="本次会话到期">{formatTime(session.expiresAt)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="我的功能">
            {pages.length === 0 ? (
              <Typography.Paragraph type="secondary">
                你的角色暂无可用功能页面，相关功能上线后会出现在左侧菜单中。
              </Typography.Paragraph>
            ) : (
              <ul aria-label="我的功能">
                {pages.map((route) => (
                  <li key={route.path}>
                    <Link to={`/${route.path}`}>
                      {route.icon} {route.label}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
