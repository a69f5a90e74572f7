// The console's route table: every page, its menu entry and the permission it needs (the domain's
// STAFF_PERMISSIONS, the same table the API checks each operation against). The menu lists only
// the entries the signed-in role holds, and opening any other page's address shows 无权限.
// A later issue adds its pages here: one entry, its page under src/pages/<area>/.
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  ContactsOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FileProtectOutlined,
  GiftOutlined,
  GlobalOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  PayCircleOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScanOutlined,
  SendOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { StaffPermission } from '@glucoguard/domain';

export interface ConsoleRoute {
  /** The address under /console/, e.g. `staff`. */
  path: string;
  /** The menu's and the page title's text. */
  label: string;
  icon: ReactNode;
  /** The permission a role needs to see the entry and open the page. */
  permission: StaffPermission;
  /** The menu group it is listed under (none: top level). */
  group?: string;
  /** A page reached from another one (e.g. one consultation): routed and guarded, not in the menu. */
  hidden?: boolean;
  page: LazyExoticComponent<ComponentType>;
}

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  {
    path: 'home',
    label: '工作台',
    icon: <DashboardOutlined />,
    permission: 'console.self',
    page: lazy(() => import('./pages/home/HomePage')),
  },
  {
    path: 'consults',
    label: '问诊队列',
    icon: <MedicineBoxOutlined />,
    permission: 'consult.own',
    group: '诊疗',
    page: lazy(() => import('./pages/consult/ConsultQueuePage')),
  },
  {
    path: 'consults/:consultId',
    label: '咨询详情',
    icon: <MedicineBoxOutlined />,
    permission: 'consult.own',
    hidden: true,
    page: lazy(() => import('./pages/consult/ConsultPage')),
  },
  {
    path: 'consults/:consultId/readings',
    label: '健康数据',
    icon: <MedicineBoxOutlined />,
    permission: 'consult.own',
    hidden: true,
    page: lazy(() => import('./pages/consult/ReadingsPage')),
  },
  {
    path: 'doctor-services',
    label: '服务与价格',
    icon: <TagsOutlined />,
    permission: 'doctor.services',
    group: '诊疗',
    page: lazy(() => import('./pages/doctorServices/DoctorServicesPage')),
  },
  {
    path: 'chat',
    label: '医患沟通',
    icon: <MessageOutlined />,
    permission: 'chat.own',
    group: '诊疗',
    page: lazy(() => import('./pages/chat/ChatPage')),
  },
  {
    path: 'rx-reviews',
    label: '处方审核',
    icon: <FileProtectOutlined />,
    permission: 'rx.review',
    group: '药事',
    page: lazy(() => import('./pages/rxReview/RxReviewPage')),
  },
  {
    path: 'rx-redeem',
    label: '处方核销',
    icon: <ScanOutlined />,
    permission: 'rx.review',
    group: '药事',
    page: lazy(() => import('./pages/rxReview/RxRedeemPage')),
  },
  {
    path: 'pharmacies',
    label: '药店管理',
    icon: <ShopOutlined />,
    permission: 'pharmacy.manage',
    group: '药店与网店',
    page: lazy(() => import('./pages/pharmacy/PharmacyPage')),
  },
  {
    path: 'online-stores',
    label: '网店管理',
    icon: <GlobalOutlined />,
    permission: 'pharmacy.manage',
    group: '药店与网店',
    page: lazy(() => import('./pages/pharmacy/OnlineStorePage')),
  },
  {
    path: 'goods',
    label: '商品管理',
    icon: <ShoppingOutlined />,
    permission: 'goods.manage',
    group: '商城',
    page: lazy(() => import('./pages/goods/GoodsPage')),
  },
  {
    path: 'goods-shelves',
    label: '商城与分类',
    icon: <AppstoreOutlined />,
    permission: 'goods.manage',
    group: '商城',
    page: lazy(() => import('./pages/goods/ShelvesPage')),
  },
  {
    path: 'coupons',
    label: '优惠券',
    icon: <GiftOutlined />,
    permission: 'coupons.manage',
    group: '商城',
    page: lazy(() => import('./pages/coupons/CouponsPage')),
  },
  {
    path: 'orders',
    label: '订单管理',
    icon: <ProfileOutlined />,
    permission: 'orders.manage',
    group: '订单管理',
    page: lazy(() => import('./pages/orders/OrdersPage')),
  },
  {
    path: 'sales-report',
    label: '销售报表',
    icon: <BarChartOutlined />,
    permission: 'orders.manage',
    group: '订单管理',
    page: lazy(() => import('./pages/orders/SalesReportPage')),
  },
  {
    path: 'payments',
    label: '支付与退款',
    icon: <PayCircleOutlined />,
    permission: 'payment.read',
    group: '订单管理',
    page: lazy(() => import('./pages/payment/PaymentPage')),
  },
  {
    path: 'after-sales/products',
    label: '产品与型号',
    icon: <ToolOutlined />,
    permission: 'aftersales.catalogue',
    group: '售后',
    page: lazy(() => import('./pages/afterSalesCatalogue/ProductsPage')),
  },
  {
    path: 'after-sales/guides',
    label: '使用指南',
    icon: <ReadOutlined />,
    permission: 'aftersales.catalogue',
    group: '售后',
    page: lazy(() => import('./pages/afterSalesCatalogue/GuidesPage')),
  },
  {
    path: 'after-sales/guarantees',
    label: '保障与凭证',
    icon: <SafetyCertificateOutlined />,
    permission: 'aftersales.catalogue',
    group: '售后',
    page: lazy(() => import('./pages/afterSalesCatalogue/GuaranteesPage')),
  },
  {
    path: 'after-sales/banners',
    label: '售后轮播图',
    icon: <PictureOutlined />,
    permission: 'aftersales.catalogue',
    group: '售后',
    page: lazy(() => import('./pages/afterSalesCatalogue/BannersPage')),
  },
  {
    path: 'after-sales/shops',
    label: '授权门店',
    icon: <EnvironmentOutlined />,
    permission: 'aftersales.catalogue',
    group: '售后',
    page: lazy(() => import('./pages/afterSalesCatalogue/ShopsPage')),
  },
  {
    path: 'after-sales/policy',
    label: '服务政策',
    icon: <SolutionOutlined />,
    permission: 'aftersales.catalogue',
    group: '售后',
    page: lazy(() => import('./pages/afterSalesCatalogue/PolicyPage')),
  },
  {
    path: 'after-sales/warranties',
    label: '保修登记',
    icon: <SafetyOutlined />,
    permission: 'aftersales.service',
    group: '售后',
    page: lazy(() => import('./pages/afterSalesService/WarrantiesPage')),
  },
  {
    path: 'after-sales/repairs',
    label: '报修处理',
    icon: <CustomerServiceOutlined />,
    permission: 'aftersales.service',
    group: '售后',
    page: lazy(() => import('./pages/afterSalesService/RepairsPage')),
  },
  {
    path: 'after-sales/dealers',
    label: '经销采购咨询',
    icon: <ContactsOutlined />,
    permission: 'aftersales.service',
    group: '售后',
    page: lazy(() => import('./pages/afterSalesService/DealersPage')),
  },
  {
    path: 'open/clients',
    label: '应用接入',
    icon: <ApiOutlined />,
    permission: 'open.clients',
    group: '开放平台',
    page: lazy(() => import('./pages/openClients/OpenClientsPage')),
  },
  {
    path: 'open/webhooks',
    label: '推送订阅',
    icon: <SendOutlined />,
    permission: 'open.clients',
    group: '开放平台',
    page: lazy(() => import('./pages/openClients/WebhooksPage')),
  },
  {
    path: 'staff',
    label: '员工账号',
    icon: <TeamOutlined />,
    permission: 'staff.manage',
    group: '系统管理',
    page: lazy(() => import('./pages/staff/StaffPage')),
  },
  {
    path: 'audit',
    label: '审计日志',
    icon: <AuditOutlined />,
    permission: 'audit.read',
    group: '系统管理',
    page: lazy(() => import('./pages/audit/AuditPage')),
  },
];

/** The menu entries of a staff member holding `permissions`, in menu order (hidden pages left out). */
export function routesFor(permissions: readonly string[]): ConsoleRoute[] {
  return CONSOLE_ROUTES.filter((route) => !route.hidden && permissions.includes(route.permission));
}
