// @glucoguard/ui: phone-sized React components shared by the web app.
export { UnreadBadge, describeUnreadCount, formatUnreadCount } from './unread';
export type { UnreadBadgeProps } from './unread';
export { EmptyState } from './empty-state';
export { PersonAvatar } from './avatar';
export type { PersonAvatarProps } from './avatar';
export type { EmptyStateProps } from './empty-state';
export { TabShell } from './tab-shell';
export type { TabShellProps, TabShellTab } from './tab-shell';
export { ENTRY_GRID_PAGE_SIZE, EntryGrid, paginate } from './entry-grid';
export type { EntryGridProps, EntryTile } from './entry-grid';
export { ChatPanel, canSendChat } from './chat-panel';
export type { ChatMessage, ChatPanelProps } from './chat-panel';
export { ProfileCard, completionActionLabel } from './profile-card';
export type { ProfileCardProps, SexCode } from './profile-card';
export { EMOJI_TOAST_MS, GuardedInput, GuardedTextArea, formatCharCounter } from './guarded-input';
export type { GuardedInputProps, GuardedTextAreaProps } from './guarded-input';
export { ImageUploader } from './image-uploader';
export type { ImageUploaderProps } from './image-uploader';
export { compressWithCanvas, prepareImage, previewWithCanvas, readAsDataUrl } from './image-prepare';
export type { ImageCompressor, ImagePreviewer, PreparedImage } from './image-prepare';
export { InfiniteList } from './infinite-list';
export type { InfiniteListProps, ListPage } from './infinite-list';
export { installAntdMobileRender } from './antd-render';
export { DataTable } from './data-table';
export type { DataTableColumn, DataTableProps } from './data-table';
export { ValueDial, limitDecimals } from './value-dial';
export type { ValueDialProps } from './value-dial';
export { TrendChart, densityForStep, toChartData } from './trend-chart';
export type {
  ChartLibrary,
  TrendBand,
  TrendChartProps,
  TrendLine,
  TrendPoint,
  TrendSeries,
  TrendSpan,
} from './trend-chart';
export { LevelGauge, needleEnd } from './level-gauge';
export type { LevelGaugeProps } from './level-gauge';
export { PieChart, percentText, pieArcs } from './pie-chart';
export { tokens } from './tokens';
export type { PieArc, PieChartProps, PieSlice } from './pie-chart';
