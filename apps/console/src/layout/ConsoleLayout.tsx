// The signed-in shell: the menu of what the role may open (routes.tsx), the staff member's name and
// role with 修改密码 and 退出登录, and the page. The staff member and their permissions are read
// again from consoleMe when the shell opens, so a role changed by an admin shows at the next load.
import { LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Dropdown, Layout, Menu, Tag } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { STAFF_ROLE_LABELS } from '@glucoguard/domain';
import { api, isSessionEnd, messageOf } from '../api';
import { CONSOLE_BASE } from '../base';
import { routesFor } from '../routes';
import type { ConsoleRoute } from '../routes';
import { signedOut, updateStaff, useConsoleSession } from '../session';
import styles from './ConsoleLayout.module.css';

const { Sider, Header, Content } = Layout;

type MenuItem = Required<MenuProps>['items'][number];

/** What the shell gives its pages (react-router's outlet context): the routes the role may open. */
export interface ShellContext {
  routes: readonly ConsoleRoute[];
}

export function ConsoleLayout() {
  const { session } = useConsoleSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const permissions = session?.permissions ?? [];

  useEffect(() => {
    const controller = new AbortController();
    api.GET('/console/v1/me', { signal: controller.signal }).then(
      ({ staff, permissions: held }) => updateStaff(staff, held),
      (error: unknown) => {
        if (!controller.signal.aborted && !isSessionEnd(error)) {
          void message.error(messageOf(error));
        }
      },
    );
    return () => controller.abort();
  }, [message]);

  const routes = useMemo(() => routesFor(permissions), [permissions]);
  const items = useMemo<MenuItem[]>(() => {
    const out: MenuItem[] = [];
    const groups = new Map<string, MenuItem[]>();
    for (const route of routes) {
      const item: MenuItem = { key: route.path, icon: route.icon, label: route.label };
      if (!route.group) {
        out.push(item);
        continue;
      }
      let children = groups.get(route.group);
      if (!children) {
        children = [];
        groups.set(route.group, children);
        out.push({ type: 'group', key: `group:${route.group}`, label: route.group, children });
      }
      children.push(item);
    }
    return out;
  }, [routes]);

  if (!session) {
    return null;
  }
  // The menu entry of the page shown: its address, or one it leads to (consults/12, after-sales/repairs).
  const here = location.pathname.replace(/^\/+/, '');
  const selected =
    routes.find((route) => here === route.path || here.startsWith(`${route.path}/`))?.path ??
    here.split('/')[0] ??
    'home';

  const signOut = async () => {
    try {
      await api.POST('/console/v1/signOut');
    } catch {
      // Signed out here either way; an expired token has nothing left to end.
    }
    signedOut('已退出登录');
  };

  const accountMenu: MenuProps = {
    items: [
      { key: 'password', icon: <LockOutlined />, label: '修改密码' },
      { type: 'divider' },
      { key: 'signOut', icon: <LogoutOutlined />, label: '退出登录', danger: true },
    ],
    onClick: ({ key }) => {
      if (key === 'password') {
        void navigate('/password');
      } else if (key === 'signOut') {
        void signOut();
      }
    },
  };

  return (
    <Layout className={styles.shell}>
      <Sider width={220} breakpoint="lg" collapsedWidth={64}>
        <div className={styles.brand}>
          <img className={styles.brandMark} src={`${CONSOLE_BASE}/favicon.svg`} alt="" />
          糖护医疗 · 工作台
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selected]}
          items={items}
          onClick={({ key }) => void navigate(`/${key}`)}
          aria-label="功能菜单"
        />
      </Sider>
      <Layout>
        <Header className={styles.header}>
          <Dropdown menu={accountMenu} trigger={['click']}>
            <button type="button" className={styles.who} aria-label="账号菜单">
              <UserOutlined />
              <span>{session.staff.displayName || session.staff.username}</span>
              <Tag color="blue">{STAFF_ROLE_LABELS[session.staff.role]}</Tag>
            </button>
          </Dropdown>
        </Header>
        <Content className={styles.content}>
          <Outlet context={{ routes } satisfies ShellContext} />
        </Content>
      </Layout>
    </Layout>
  );
}
