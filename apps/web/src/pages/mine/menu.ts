import { MINE_MENU, brandFromSourceId, mineMenuFor, type MineMenuItem } from '@glucoguard/domain';
import type { Brand } from '../../brand';

export interface MineLink {
  key: string;
  title: string;
  to: string;
}

/** Chinese titles of the mine entries; the entries, their routes and brands come from @glucoguard/domain. */
const TITLES: Record<string, string> = {
  orders: '我的订单',
  healthFile: '健康档案',
  weight: '体重管理',
  addresses: '收货地址',
  coupons: '优惠券',
  prescriptions: '我的处方',
  healthTarget: '健康目标',
  monitoringPlan: '监测计划',
  medicationRecord: '用药记录',
  onlinePharmacy: '在线药房',
  servicePackage: '服务包',
  settings: '设置',
};

/** The entries shown as quick links across the top of mine rather than in the list. */
const SHORTCUT_IDS = ['orders', 'healthFile', 'weight', 'coupons'];

const toLink = (item: MineMenuItem): MineLink => ({ key: item.id, title: TITLES[item.id] ?? item.id, to: item.path });

/** The quick links across the top of mine (spec 2.4). */
export const MINE_SHORTCUTS: readonly MineLink[] = SHORTCUT_IDS.flatMap((id) => MINE_MENU.filter((item) => item.id === id)).map(toLink);

/** The menu list of mine for a brand (the health brand adds its four items), settings last. */
export function mineMenu(brand: Brand): MineLink[] {
  const links = mineMenuFor(brandFromSourceId(brand.sourceId))
    .filter((item) => !SHORTCUT_IDS.includes(item.id))
    .map(toLink);
  // The help centre (an external address the spec does not give) is our contact page: feedback,
  // the service entry and the hotline. It goes just before settings.
  const settings = links.findIndex((link) => link.key === 'settings');
  links.splice(settings < 0 ? links.length : settings, 0, CONTACT_LINK);
  return links;
}

/** The mine entry of /contactUs (spec §2.4 help centre, §2.11). */
export const CONTACT_LINK: MineLink = { key: 'contact', title: '帮助与客服', to: '/contactUs' };
