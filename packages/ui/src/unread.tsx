import { unreadBadge } from '@glucoguard/domain';
import { Badge } from 'antd-mobile';
import type { ReactNode } from 'react';

/**
 * The text an unread badge shows for `count` (the domain rule: the count up to 99, then `99+`),
 * or `null` when there is nothing to show.
 */
export function formatUnreadCount(count: number): string | null {
  const text = unreadBadge(count);
  return text === '' || text === '0' ? null : text;
}

/** Accessible description of an unread count, e.g. `3条未读消息`. */
export function describeUnreadCount(count: number): string | undefined {
  const text = formatUnreadCount(count);
  return text === null ? undefined : `${text}条未读消息`;
}

export interface UnreadBadgeProps {
  /** Number of unread messages; 0 shows no badge. */
  count: number;
  /** What the badge sits on (an icon, an avatar). Without it the badge stands alone. */
  children?: ReactNode;
}

/** A red unread-count badge capped at 99+; renders nothing of its own for 0. */
export function UnreadBadge({ count, children }: UnreadBadgeProps) {
  const text = formatUnreadCount(count);
  if (text === null) {
    return children === undefined ? null : <>{children}</>;
  }
  return (
    <Badge content={text} aria-label={describeUnreadCount(count)} data-testid="unread-badge">
      {children}
    </Badge>
  );
}
