import { AccountRecovery } from '../contexts/identity/account-recovery/accountRecovery.entity';
import { BloodPressureRange } from '../contexts/health/pressure/pressureRange.entity';
import { BloodPressureTest } from '../contexts/health/readings/pressure.entity';
import { Customer } from '../contexts/identity/customer/customer.entity';
import { Device, MeterReading } from '../contexts/devices/meter/meter.entity';
import { DataPlanRenewal } from '../contexts/devices/meter/dataPlan.entity';
import { DictionaryItem } from '../contexts/platform/dictionary/dictionary.entity';
import { Doctor } from '../contexts/platform/care-directory/doctor.entity';
import { Department, Hospital } from '../contexts/platform/care-directory/hospital.entity';
import { HealthRecord } from '../contexts/health/health-record/healthRecord.entity';
import { Feedback } from '../contexts/engagement/feedback/feedback.entity';
import { FrontLog } from '../contexts/platform/front-log/frontLog.entity';
import { KetoneTest } from '../contexts/health/readings/ketone.entity';
import { MedicalReport } from '../contexts/health/medical-report/medicalReport.entity';
import { RateEvent } from '../contexts/platform/rate-limit/rateEvent.entity';
import { PrivateUpload } from '../contexts/platform/upload/privateUpload.entity';
import { Session } from '../contexts/identity/session/session.entity';
import { ShareLink } from '../contexts/social/share/shareLink.entity';
import { SmsCode } from '../contexts/identity/sms/smsCode.entity';
import { SugarObjective, SugarSlot } from '../contexts/health/glucose/glucoseSlot.entity';
import { SugarTest } from '../contexts/health/readings/glucose.entity';
import { UricAcidTest } from '../contexts/health/readings/uricAcid.entity';
import { WeightRecord } from '../contexts/health/readings/weight.entity';
import { PointsEntry, PointsScoreCount, PointsTally } from '../contexts/engagement/points/points.entity';
import { StripEntry, StripInvitation } from '../contexts/engagement/strips/strips.entity';
import { ClosedAccount } from '../contexts/identity/customer/closedAccount.entity';
import { CheckIn } from '../contexts/engagement/check-in/checkIn.entity';
import { Article, ArticleCategory, ArticleReader } from '../contexts/engagement/article/article.entity';
import { Banner } from '../contexts/engagement/banner/banner.entity';
import { ChatMember, ChatMessage, ChatSession } from '../contexts/care/chat/chat.entity';
import { PaymentIntent } from '../contexts/commerce/payment/paymentIntent.entity';
import { PaymentRefund } from '../contexts/commerce/payment/paymentRefund.entity';
import { Follow } from '../contexts/social/follow/follow.entity';
import { FeedComment, FeedMessage, FeedPraise } from '../contexts/social/feed/feed.entity';
import { Notice } from '../contexts/social/notice/notice.entity';
import { Staff, StaffSession } from '../contexts/identity/staff/staff.entity';
import { Medicine, OnlineStore, Pharmacy, PharmacyStock } from '../contexts/care/pharmacy/pharmacy.entity';
import { AuditEvent } from '../contexts/platform/audit/auditEvent.entity';
import { Prescription, RxAdvice } from '../contexts/care/rx/rx.entity';
import { DoctorService } from '../contexts/care/doctor/doctorService.entity';
import { OAuthClient, OAuthClientMinute, OAuthCode, OAuthGrant, OAuthToken } from '../contexts/open/oauth/oauth.entity';
import { Consult } from '../contexts/care/consult/consult.entity';
import { MonitorPlan, MonitorPlanSlot } from '../contexts/care/monitoring/monitoring.entity';
import { MonitorReminder } from '../contexts/care/monitoring/monitorReminder.entity';
import { MedicationRecord } from '../contexts/care/medication/medication.entity';
import { CustomerAddress } from '../contexts/commerce/address/address.entity';
import { Goods, GoodsCategory, GoodsContainer } from '../contexts/commerce/goods/goods.entity';
import { CouponTemplate, CustomerCoupon } from '../contexts/commerce/coupon/coupon.entity';
import { MallOrder, PreOrderToken } from '../contexts/commerce/order/order.entity';
import { ShippingEvent } from '../contexts/commerce/logistics/shippingEvent.entity';
import {
  AuthorisedShop,
  GuaranteeItem,
  GuaranteePlatform,
  ProductCategory,
  ProductGuide,
  ProductModel,
  ServiceBanner,
  ServicePolicyText,
} from '../contexts/after-sales/catalogue/catalogue.entity';
import { WarrantyRecord } from '../contexts/after-sales/warranty/warranty.entity';
import { RepairPhoto, RepairRequest, RepairStep } from '../contexts/after-sales/repair/repair.entity';
import { DealerEnquiry } from '../contexts/after-sales/dealer/dealer.entity';
import { WebhookAttempt, WebhookDelivery, WebhookSubscription } from '../contexts/open/webhooks/webhook.entity';
import { OpenChange, OpenChangeRetention } from '../contexts/open/changes/change.entity';
import { IdempotencyKey, ProvisionedDevice } from '../contexts/open/open-data/idempotencyKey.entity';

/** Every entity of the API. A new entity goes here and gets a migration (`npm run migration:create -w @glucoguard/api`). */
export const entities = [
  WebhookSubscription,
  WebhookDelivery,
  WebhookAttempt,
  OpenChange,
  OpenChangeRetention,
  IdempotencyKey,
  ProvisionedDevice,
  ProductCategory,
  ProductModel,
  ProductGuide,
  ServiceBanner,
  GuaranteePlatform,
  GuaranteeItem,
  AuthorisedShop,
  ServicePolicyText,
  WarrantyRecord,
  RepairRequest,
  RepairPhoto,
  RepairStep,
  DealerEnquiry,
  GoodsContainer,
  GoodsCategory,
  Goods,
  MallOrder,
  PreOrderToken,
  ShippingEvent,
  MedicationRecord,
  MonitorPlan,
  MonitorPlanSlot,
  MonitorReminder,
  Consult,
  Prescription,
  RxAdvice,
  DoctorService,
  Medicine,
  Pharmacy,
  PharmacyStock,
  OnlineStore,
  ChatSession,
  ChatMember,
  ChatMessage,
  AccountRecovery,
  BloodPressureRange,
  BloodPressureTest,
  Customer,
  Device,
  MeterReading,
  DataPlanRenewal,
  DictionaryItem,
  Doctor,
  Department,
  Feedback,
  FrontLog,
  HealthRecord,
  Hospital,
  KetoneTest,
  MedicalReport,
  RateEvent,
  PrivateUpload,
  Session,
  ShareLink,
  SmsCode,
  SugarObjective,
  SugarSlot,
  SugarTest,
  UricAcidTest,
  WeightRecord,
  Follow,
  FeedPraise,
  FeedComment,
  FeedMessage,
  Notice,
  PointsEntry,
  StripEntry,
  StripInvitation,
  ClosedAccount,
  PointsTally,
  PointsScoreCount,
  CheckIn,
  Article,
  ArticleCategory,
  ArticleReader,
  Banner,
  PaymentIntent,
  PaymentRefund,
  CustomerAddress,
  CouponTemplate,
  CustomerCoupon,
  Staff,
  StaffSession,
  AuditEvent,
  OAuthClient,
  OAuthGrant,
  OAuthCode,
  OAuthToken,
  OAuthClientMinute,
];
