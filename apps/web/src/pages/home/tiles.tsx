import type { EntryTile } from '@glucoguard/ui';
import type { Brand } from '../../brand';
import { CircleIcon, DeviceIcon, GiftIcon, ReportIcon, RobotIcon, TileIcon, UrineIcon } from '../../components/icons';

/** What tapping a home tile does. */
export type HomeTileAction =
  /** Open an in-app route; `registeredOnly` sends visitors to registration instead. */
  | { kind: 'route'; to: string; registeredOnly: boolean }
  /** /urineDoctor: the partner urine-analysis site (signed link) or, unconfigured, what it is; registered customers only. */
  | { kind: 'urine' }
  /** Switch to the AI assistant tab. */
  | { kind: 'assistant' };

export interface HomeTile extends EntryTile {
  action: HomeTileAction;
}

/** Where the device tile goes: binding a first meter, or the list of the user's meters. */
export const BIND_DEVICE_PATH = '/devices/bindDevices/auto';
export const MY_DEVICES_PATH = '/devices/unbindDevices';
/** The invitation activity page (spec 3 §2.6 leaves its route unnamed), opened by the 邀请注册有奖 tile. */
export const INVITATION_PATH = '/invitation';

/**
 * The home entry tiles of spec 2.3, in order. With a meter bound (`hasDevice`) the device tile is
 * the spec's device variant: 我的设备, opening the list of the user's meters, instead of 绑定设备.
 */
export function homeTiles(brand: Brand, { hasDevice = false }: { hasDevice?: boolean } = {}): HomeTile[] {
  return [
    {
      key: 'report',
      title: '健康数据',
      icon: (
        <TileIcon color="var(--gg-color-tile-blue)" tint="var(--gg-color-tile-blue-tint)">
          <ReportIcon />
        </TileIcon>
      ),
      action: { kind: 'route', to: '/reportCenter/reportCenter', registeredOnly: false },
    },
    {
      key: 'circle',
      title: '糖友圈',
      icon: (
        <TileIcon color="var(--gg-color-tile-orange)" tint="var(--gg-color-tile-orange-tint)">
          <CircleIcon />
        </TileIcon>
      ),
      action: { kind: 'route', to: '/tangyouCircle/tangyouCircle', registeredOnly: false },
    },
    {
      key: 'invite',
      title: brand.invitationName,
      icon: (
        <TileIcon color="var(--gg-color-tile-magenta)" tint="var(--gg-color-tile-magenta-tint)">
          <GiftIcon />
        </TileIcon>
      ),
      action: { kind: 'route', to: INVITATION_PATH, registeredOnly: true },
    },
    {
      key: 'urine',
      title: '尿液分析',
      icon: (
        <TileIcon color="var(--gg-color-tile-gold)" tint="var(--gg-color-tile-gold-tint)">
          <UrineIcon />
        </TileIcon>
      ),
      action: { kind: 'urine' },
    },
    {
      key: 'device',
      title: hasDevice ? '我的设备' : '绑定设备',
      icon: (
        <TileIcon color="var(--gg-color-tile-cyan)" tint="var(--gg-color-tile-cyan-tint)">
          <DeviceIcon />
        </TileIcon>
      ),
      action: { kind: 'route', to: hasDevice ? MY_DEVICES_PATH : BIND_DEVICE_PATH, registeredOnly: false },
    },
    {
      key: 'assistant',
      title: 'AI助手',
      icon: (
        <TileIcon color="var(--gg-color-tile-purple)" tint="var(--gg-color-tile-purple-tint)">
          <RobotIcon />
        </TileIcon>
      ),
      action: { kind: 'assistant' },
    },
  ];
}
