import { Result } from 'antd';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import type { StaffPermission } from '@glucoguard/domain';
import { STAFF_MESSAGES } from '@glucoguard/domain';
import { useConsoleSession } from '../session';
import { PageLoading } from './PageLoading';

/** Shows a page only to a role holding its permission; anyone else who types its address sees 无权限. */
export function PermissionGate({ permission, children }: { permission: StaffPermission; children: ReactNode }) {
  const { session } = useConsoleSession();
  if (!session?.permissions.includes(permission)) {
    return <Result status="403" title={STAFF_MESSAGES.forbidden} subTitle="你的角色不能打开此页面。" />;
  }
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
