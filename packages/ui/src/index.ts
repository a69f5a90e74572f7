// @glucoguard/ui: phone-sized React components shared by the web app.
export { UnreadBadge, describeUnreadCount, formatUnreadCount } from './unread';
export type { UnreadBadgeProps } from './unread';
export { EmptyState } from './empty-state';
export type { EmptyStateProps } from './empty-state';
export { TabShell } from './tab-shell';
export type { TabShellProps, TabShellTab } from './tab-shell';
export { ENTRY_GRID_PAGE_SIZE, EntryGrid, paginate } from './entry-grid';
export type { EntryGridProps, EntryTile } from './entry-grid';
export { ChatPanel, canSendChat } from './chat-panel';
export type { ChatMessage, ChatPanelProps } from './chat-panel';
export { ProfileCard, completionActionLabel } from './profile-card';
export type { ProfileCardProps, SexCode } from './profile-card';
