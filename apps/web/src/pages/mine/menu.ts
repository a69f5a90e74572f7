import { MINE_MENU, brandFromSourceId, mineMenuFor, type MineMenuItem } from '@glucoguard/domain';
import type { Brand } from '../../brand';

export interface MineLink {
  key: string;
  title: string;
  to: string;
  /** The page is built by a later issue: the entry shows 即将上线 and does not navigate. */
  comingSoon: boolean;
  /** Which of the unread counts shows on the entry, if any. */
  count?: 'notices' | 'followRequests' | 'chats';
}

/**
 * The mine entries whose pages do not exist yet (ADR 0104). The one list to change when a page
 * arrives: remove its id here and the entry links to it; until then no entry leads to a 404.
 */
export const COMING_SOON_IDS: ReadonlySet<string> = new Set(['onlinePharmacy']);

/** Chinese titles of the mine entries; the entries, their routes and brands come from @glucoguard/domain. */
const TITLES: Record<string, string> = {
  orders: '我的订单',
  healthFile: '健康档案',
  weight: '体重管理',
  addresses: '收货地址',
  coupons: '优惠券',
  consultations: '在线问诊',
  prescriptions: '我的处方',
  healthTarget: '健康目标',
  monitoringPlan: '监测计划',
  medicationRecord: '用药记录',
  onlinePharmacy: '在线药房',
  servicePackage: '服务包',
  afterSales: '售后服务',
  settings: '设置',
};

/** The entries shown as quick links across the top of mine rather than in the list. */
const SHORTCUT_IDS = ['orders', 'healthFile', 'weight', 'coupons'];

/** The entries that show one of the badge's counts (the consultations their unread chat messages). */
const COUNTS: Partial<Record<string, MineLink['count']>> = { consultations: 'chats' };

const toLink = (item: MineMenuItem): MineLink => {
  const count = COUNTS[item.id];
  return {
    key: item.id,
    title: TITLES[item.id] ?? item.id,
    to: item.path,
    comingSoon: COMING_SOON_IDS.has(item.id),
    ...(count === undefined ? {} : { count }),
  };
};

/** The quick links across the top of mine (spec 2.4). */
export const MINE_SHORTCUTS: readonly MineLink[] = SHORTCUT_IDS.flatMap((id) =>
  MINE_MENU.filter((item) => item.id === id),
).map(toLink);

/** The menu list of mine for a brand (the health brand adds its four items), settings last. */
export function mineMenu(brand: Brand): MineLink[] {
  const links = mineMenuFor(brandFromSourceId(brand.sourceId))
    .filter((item) => !SHORTCUT_IDS.includes(item.id))
    .map(toLink);
  // The help centre (an external address the spec does not give) is our contact page: feedback,
  // the service entry and the hotline. It goes just before settings.
  const settings = links.findIndex((link) => link.key === 'settings');
  links.splice(settings < 0 ? links.length : settings, 0, CONTACT_LINK);
  // Relatives and friends (spec 2 §2.15) are reached from mine as well as from the feed.
  links.splice(0, 0, FOLLOWING_LINK);
  // The patient's meters (spec 2 §2.17); the home grid's tile only binds a new one.
  links.splice(1, 0, DEVICES_LINK);
  // The patient's uploaded examination reports (spec 2 §2.14), which the spec links from nowhere.
  links.splice(2, 0, MEDICAL_REPORTS_LINK);
  // The strips earned by inviting (spec 3 §2.6), which the spec reaches only from the invitation activity.
  links.splice(3, 0, PAPER_LINK);
  // The mall (spec 3 §2.7), which the spec's mine menu reaches only through orders and points.
  links.splice(4, 0, MALL_LINK);
  // What the tab's badge counts is found here: the notices, and the requests to follow the user.
  links.splice(0, 0, NOTICES_LINK, FOLLOW_REQUESTS_LINK);
  return links;
}

/** The mine entry of /contactUs (spec §2.4 help centre, §2.11). */
export const CONTACT_LINK: MineLink = { key: 'contact', title: '帮助与客服', to: '/contactUs', comingSoon: false };

/** The mine entry of the notices (their unread count beside it). */
export const NOTICES_LINK: MineLink = {
  key: 'notices',
  title: '消息通知',
  to: '/notice/noticeList',
  comingSoon: false,
  count: 'notices',
};

/** The mine entry of the people who follow the user, with the requests waiting for a decision. */
export const FOLLOW_REQUESTS_LINK: MineLink = {
  key: 'followers',
  title: '关注我的人',
  to: '/friend/followers',
  comingSoon: false,
  count: 'followRequests',
};

/** The mine entry of the follow list 我的亲友 (spec 2 §2.15; the spec's mine menu does not place it). */
export const FOLLOWING_LINK: MineLink = {
  key: 'following',
  title: '我的亲友',
  to: '/friend/friendList',
  comingSoon: false,
};

/** The mine entry of the device list 我的设备 (spec 2 §2.17; the spec's mine menu does not place it). */
export const DEVICES_LINK: MineLink = {
  key: 'devices',
  title: '我的设备',
  to: '/devices/unbindDevices',
  comingSoon: false,
};

/** The mine entry of the uploaded medical reports 检查报告 (spec 2 §2.14; the spec's mine menu does not place it). */
export const MEDICAL_REPORTS_LINK: MineLink = {
  key: 'medicalReports',
  title: '检查报告',
  to: '/examiningReport/uploadExaminingReport',
  comingSoon: false,
};

/** The mine entry of the strips 我的试纸 (spec 3 §2.6 /paperDetails; the spec's mine menu does not place it). */
export const PAPER_LINK: MineLink = {
  key: 'paper',
  title: '我的试纸',
  to: '/paperDetails',
  comingSoon: false,
};

/** The mine entry of the mall 健康商城 (spec 3 §2.7 /mall/goodsList). */
export const MALL_LINK: MineLink = {
  key: 'mall',
  title: '健康商城',
  to: '/mall/goodsList',
  comingSoon: false,
};
