import {
  MALL_MESSAGES,
  ORDER_MESSAGES,
  ORDER_STALE_CHECK_CODE,
  PAY_TYPE,
  RECEIVE_TYPE_API,
  RECEIVE_TYPE_UI,
  STRIPS_TOO_FEW_MESSAGE,
  STRIPS_TO_EXCHANGE,
  UNPAID_ORDER_MARK,
  centsToYuan,
  dataPlanText,
  deductionText,
  effectiveReceiveType,
  goodsPriceText,
  goodsTypeOf,
  orderAmounts,
  orderCostText,
  orderShortfall,
  paysInYuan,
  receiveTypeToApi,
  stepQuantity,
  validateOrderPlacement,
  validateOrderSubmit,
} from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, Dialog, Switch } from 'antd-mobile';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { usePayIntent } from '../../components/payment/PaymentSheet';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { useSession } from '../../store/session';
import { showError, toast } from '../../ui/toast';
import { useGoodsIcon, type Goods } from './GoodsCard';
import { ORDER_LIST_PATH, POINTS_TASK_PATH, couponChooserPath, flagsOf } from './mallPaths';
import { useOrderDraft, type OrderDraft } from './orderDraft';
import styles from './SendOrderPage.module.css';

type Address = Schema<'Address'>;

/** How placing an order ended: the order, an unpaid order to finish first, or the check's refusal. */
type Placed = { kind: 'placed'; order: Schema<'Order'> } | { kind: 'unpaid' } | { kind: 'refused'; message: string };

/** The receive methods (form values) the goods allow, from their API values ('0' mail, '1' pickup). */
export function allowedReceiveTypes(goods: Pick<Goods, 'receiveType'>): number[] {
  const api = goods.receiveType.split(',').map(Number);
  return [RECEIVE_TYPE_UI.mail, RECEIVE_TYPE_UI.pickup].filter((ui) => api.includes(receiveTypeToApi(ui)));
}

/** The payment types the goods allow ('1', '2' or '1,2'). */
export function allowedPayTypes(goods: Pick<Goods, 'payType'>): number[] {
  return goods.payType
    .split(',')
    .map(Number)
    .filter((type) => type === PAY_TYPE.online || type === PAY_TYPE.cashOnDelivery);
}

/** A new draft for the goods: one item (or goodsSum), the only receive method when there is one. */
function freshDraft(goods: Goods, goodsSum: number): OrderDraft {
  const receive = allowedReceiveTypes(goods);
  return {
    goodsId: goods.goodsId,
    quantity: Math.max(1, goodsSum),
    receiveType: receive.length === 1 ? (receive[0] ?? null) : null,
    payType: allowedPayTypes(goods)[0] ?? PAY_TYPE.online,
    usePoints: false,
    deviceImei: null,
  };
}

/**
 * /mall/sendOrder (spec 3 §2.7, §4, §5): the order form of one goods item. The goods are read by
 * goodsId; the draft (quantity, receive method, pay type, points) is kept while the coupon chooser
 * or an address page is open.
 */
export default function SendOrderPage() {
  useDocumentTitle('确认订单');
  const [search] = useSearchParams();
  const goodsId = Number(search.get('goodsId') ?? '0');
  const read = useApiData(
    () => api().GET('/goods/v1/getById', { params: { query: { goodsId } } }),
    ['goods', goodsId],
    { enabled: goodsId > 0 },
  );
  if (!(goodsId > 0) || read.failed) {
    return <EmptyState title="商品不存在或已下架" />;
  }
  if (!read.data) {
    return <PageLoading />;
  }
  return <OrderForm goods={read.data} />;
}

function OrderForm({ goods }: { goods: Goods }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const flags = flagsOf(search);
  const customer = useSession((state) => state.customer);
  const points = customer?.customerScore ?? 0;
  const strips = customer?.givePaper ?? 0;
  const goodsSum = Number(search.get('goodsSum') ?? '1') || 1;
  const kept = useOrderDraft((state) => state.draft);
  const keep = useOrderDraft((state) => state.keep);
  const draft = kept?.goodsId === goods.goodsId ? kept : freshDraft(goods, goodsSum);
  const update = (patch: Partial<OrderDraft>) => keep({ ...draft, ...patch });
  useEffect(() => {
    if (kept?.goodsId !== goods.goodsId) {
      keep(draft);
    }
  });

  const renewing = goods.rechargePackage === 1;
  const meters = useApiData(() => api().GET('/device/v1/listRechargeDevice'), 'rechargeDevices', {
    enabled: renewing,
  });
  const deviceImei =
    flags.deviceImei ?? draft.deviceImei ?? (meters.data?.length === 1 ? meters.data[0]?.deviceImei : null) ?? null;
  const receiveType = draft.receiveType === null ? null : effectiveReceiveType(draft.receiveType, draft.payType);
  // A service package or a data plan is neither mailed nor picked up: no receive method, no address.
  const virtual = goodsTypeOf(goods) === 'virtual';
  const mailing = !virtual && receiveType === RECEIVE_TYPE_UI.mail;
  const address = useApiData(() => api().GET('/address/v1/getDefault'), 'defaultAddress');
  const yuan = paysInYuan(goods);
  const coupons = useApiData(
    () =>
      api().GET('/coupon/v1/queryCanUse', {
        params: { query: { goodsIds: String(goods.goodsId), pageNo: 1, pageSize: 100 } },
      }),
    ['coupons', goods.goodsId],
    { enabled: yuan },
  );
  const couponId = search.get('currentCouponId');
  const couponCents = couponId ? Number(search.get('currentCouponValue') ?? '0') || 0 : 0;
  const couponName = search.get('currentCouponName') ?? '';
  const amounts = orderAmounts({
    goods,
    quantity: draft.quantity,
    couponCents,
    usePoints: draft.usePoints,
    pointsBalance: points,
  });
  const canDeduct =
    yuan &&
    goods.maxUsableScore > 0 &&
    orderAmounts({ goods, quantity: draft.quantity, couponCents, usePoints: true, pointsBalance: points })
      .deductionPoints > 0;

  const check = useApiData(
    () =>
      api().GET('/goods/v1/preOrderCheck', {
        params: { query: { goodsIds: String(goods.goodsId) } },
      }),
    ['preOrderCheck', goods.goodsId],
  );
  const offerUnpaid = () => {
    void Dialog.confirm({
      title: MALL_MESSAGES.unpaidOrderTitle,
      content: MALL_MESSAGES.unpaidOrderContent,
      confirmText: MALL_MESSAGES.unpaidOrderConfirm,
      cancelText: '取消',
      onConfirm: () => void navigate(ORDER_LIST_PATH),
    });
  };
  const unpaid = check.data?.result.data === UNPAID_ORDER_MARK;
  // A refusal other than the unpaid order (商品已下架, 库存不足…) is said at once, above the button.
  const refusal = check.data && check.data.result.code !== '0' && !unpaid ? check.data.result.errMsg : null;
  useEffect(() => {
    if (unpaid) {
      offerUnpaid();
    }
    // The dialog opens once per answer of the check.
  }, [unpaid]);

  const guard = useSubmitGuard();
  const done = () => {
    useOrderDraft.getState().clear();
    void navigate(ORDER_LIST_PATH, { replace: true });
  };
  const { pay, sheet, busy: paying } = usePayIntent(done);

  const step = (delta: number) => {
    const next = stepQuantity(draft.quantity, delta, goods);
    if (next.message !== null) {
      toast(next.message);
    }
    update({ quantity: next.quantity });
  };

  const submit = () => {
    const form = validateOrderSubmit({ receiveType, addressId: address.data?.addressId ?? null, virtual });
    if (!form.ok) {
      toast(form.message);
      return;
    }
    if (renewing && deviceImei === null) {
      toast(ORDER_MESSAGES.deviceRequired);
      return;
    }
    if (orderShortfall(amounts, { points, strips }) === 'points') {
      void Dialog.confirm({
        title: MALL_MESSAGES.pointsShortTitle,
        content: MALL_MESSAGES.pointsShortContent,
        confirmText: MALL_MESSAGES.pointsShortConfirm,
        cancelText: '取消',
        onConfirm: () => void navigate(POINTS_TASK_PATH),
      });
      return;
    }
    const placement = validateOrderPlacement({
      goods,
      quantity: draft.quantity,
      amounts,
      balances: { points, strips },
    });
    if (!placement.ok) {
      toast(placement.message);
      return;
    }
    void guard.run(async () => {
      try {
        const placed = await placeOrder();
        if (placed.kind === 'unpaid') {
          return offerUnpaid;
        }
        if (placed.kind === 'refused') {
          return () => toast(placed.message);
        }
        const { order } = placed;
        if (order.needPay === 1 && order.payType === PAY_TYPE.online) {
          const payment = await api().POST('/order/v1/wxpay', { body: { orderCode: order.orderCode } });
          return () => void pay(payment.intent.intentId);
        }
        return () => {
          toast(MALL_MESSAGES.submitted);
          done();
        };
      } catch (error) {
        return () => showError(error);
      }
    });
  };

  /** The pre-order check, then the order; a stale token (90002) checks again and retries once. */
  const placeOrder = async (): Promise<Placed> => {
    for (let attempt = 0; ; attempt += 1) {
      const fresh = await api().GET('/goods/v1/preOrderCheck', {
        params: { query: { goodsIds: String(goods.goodsId), ...(couponId && { couponId }) } },
      });
      if (fresh.result.data === UNPAID_ORDER_MARK) {
        return { kind: 'unpaid' };
      }
      if (fresh.result.code !== '0' || fresh.token === null) {
        return { kind: 'refused', message: fresh.result.errMsg };
      }
      try {
        const order = await api().POST('/order/v1/add', {
          body: {
            goodsId: goods.goodsId,
            token: fresh.token,
            number: draft.quantity,
            payType: draft.payType === PAY_TYPE.cashOnDelivery ? PAY_TYPE.cashOnDelivery : PAY_TYPE.online,
            receiveType:
              !virtual && receiveType === RECEIVE_TYPE_UI.pickup ? RECEIVE_TYPE_API.pickup : RECEIVE_TYPE_API.mail,
            addressId: mailing ? (address.data?.addressId ?? null) : null,
            useScoreExchange: draft.usePoints && canDeduct ? 1 : 0,
            rechargePackage: flags.rechargePackage === '1' ? 1 : 0,
            deviceImei: renewing ? deviceImei : null,
            couponId: couponId ?? null,
          },
        });
        return { kind: 'placed', order };
      } catch (error) {
        if (!(isApiError(error) && error.code === ORDER_STALE_CHECK_CODE && attempt === 0)) {
          throw error;
        }
      }
    }
  };

  const receiveChoices = allowedReceiveTypes(goods);
  const payChoices = allowedPayTypes(goods);
  const loading = check.loading || address.loading || meters.loading;
  return (
    <div className={styles.page}>
      <GoodsSummary goods={goods} quantity={draft.quantity} />
      <section className={styles.card} aria-label="领取方式">
        <h2 className={styles.heading}>领取方式</h2>
        {virtual ? (
          <p className={styles.hint}>线上服务：虚拟商品，支付成功后自动生效，无需收货地址。</p>
        ) : (
          <>
            <div className={styles.choices} role="radiogroup" aria-label="领取方式">
              {receiveChoices.map((choice) => {
                const pickupBlocked = choice === RECEIVE_TYPE_UI.pickup && draft.payType === PAY_TYPE.cashOnDelivery;
                return (
                  <button
                    key={choice}
                    type="button"
                    role="radio"
                    aria-checked={receiveType === choice}
                    disabled={pickupBlocked}
                    className={styles.choice}
                    onClick={() => update({ receiveType: choice })}
                  >
                    {choice === RECEIVE_TYPE_UI.mail ? '快递邮寄' : '到店自提'}
                  </button>
                );
              })}
            </div>
            {receiveType === RECEIVE_TYPE_UI.pickup ? (
              <p className={styles.notice}>{MALL_MESSAGES.pickupNotice}</p>
            ) : null}
            {draft.payType === PAY_TYPE.cashOnDelivery && receiveChoices.includes(RECEIVE_TYPE_UI.pickup) ? (
              <p className={styles.hint}>货到付款只能快递邮寄</p>
            ) : null}
          </>
        )}
      </section>
      {renewing ? (
        <MeterChoice
          meters={meters.data ?? []}
          loading={meters.loading}
          fixed={flags.deviceImei ?? null}
          chosen={deviceImei}
          onChoose={(imei) => update({ deviceImei: imei })}
        />
      ) : null}
      {mailing ? <AddressRow address={address.data ?? null} loading={address.loading} /> : null}
      <section className={styles.card} aria-label="购买数量">
        <div className={styles.row}>
          <span className={styles.label}>购买数量</span>
          <span className={styles.stepper}>
            <button type="button" className={styles.stepButton} aria-label="减少" onClick={() => step(-1)}>
              −
            </button>
            <output className={styles.quantity} aria-label="数量">
              {draft.quantity}
            </output>
            <button type="button" className={styles.stepButton} aria-label="增加" onClick={() => step(1)}>
              +
            </button>
          </span>
        </div>
        {yuan ? (
          <Link
            className={styles.row}
            to={couponChooserPath(goods.goodsId, draft.quantity, points)}
            aria-label="优惠券"
          >
            <span className={styles.label}>优惠券</span>
            <span className={styles.value}>
              {couponId
                ? `${couponName} -¥${centsToYuan(amounts.couponCents)}`
                : (coupons.data?.items.length ?? 0) > 0
                  ? `${coupons.data?.items.length ?? 0}张可用`
                  : '暂无可用'}
              <span aria-hidden="true"> ›</span>
            </span>
          </Link>
        ) : null}
        {canDeduct ? (
          <div className={styles.row}>
            <span className={styles.label}>
              积分抵扣
              <span className={styles.sub}>
                {deductionText(
                  orderAmounts({
                    goods,
                    quantity: draft.quantity,
                    couponCents,
                    usePoints: true,
                    pointsBalance: points,
                  }),
                )}
              </span>
            </span>
            <Switch
              aria-label="使用积分抵扣"
              checked={draft.usePoints}
              onChange={(usePoints) => update({ usePoints })}
            />
          </div>
        ) : null}
        {amounts.scorePoints > 0 ? (
          <div className={styles.row}>
            <span className={styles.label}>我的积分</span>
            <span className={styles.value}>{points}</span>
          </div>
        ) : null}
        {amounts.paperStrips > 0 ? (
          <div className={styles.row}>
            <span className={styles.label}>我的试纸</span>
            <span className={styles.value}>
              {strips}条{strips < STRIPS_TO_EXCHANGE ? `（${STRIPS_TOO_FEW_MESSAGE}）` : ''}
            </span>
          </div>
        ) : null}
      </section>
      <section className={styles.card} aria-label="支付方式">
        <h2 className={styles.heading}>支付方式</h2>
        <div className={styles.choices} role="radiogroup" aria-label="支付方式">
          {payChoices.map((choice) => (
            <button
              key={choice}
              type="button"
              role="radio"
              aria-checked={draft.payType === choice}
              className={styles.choice}
              onClick={() => update({ payType: choice })}
            >
              {choice === PAY_TYPE.online ? '微信支付' : '货到付款'}
            </button>
          ))}
        </div>
      </section>
      <section className={styles.card} aria-label="金额">
        {yuan ? <Line label="商品金额" value={`¥${centsToYuan(amounts.goodsCents)}`} /> : null}
        {amounts.scorePoints > 0 ? <Line label="所需积分" value={`${amounts.scorePoints}积分`} /> : null}
        {amounts.paperStrips > 0 ? <Line label="所需试纸" value={`${amounts.paperStrips}条`} /> : null}
        <Line label="运费" value={`¥${centsToYuan(amounts.postageCents)}`} />
        {amounts.couponCents > 0 ? <Line label="优惠券" value={`-¥${centsToYuan(amounts.couponCents)}`} /> : null}
        {amounts.deductionCents > 0 ? (
          <Line label="积分抵扣" value={`-¥${centsToYuan(amounts.deductionCents)}`} />
        ) : null}
      </section>
      {refusal ? (
        <p role="alert" className={styles.refusal}>
          {refusal}
        </p>
      ) : null}
      <div className={styles.bar}>
        <p className={styles.total}>
          实付{' '}
          <strong className={styles.totalValue}>
            {orderCostText({
              salesMode: goods.salesMode,
              payAmount: amounts.payCents,
              scoreAmount: amounts.scorePoints + amounts.deductionPoints,
              paperAmount: amounts.paperStrips,
            })}
          </strong>
        </p>
        <Button
          className={styles.submit}
          color="danger"
          size="large"
          loading={loading}
          loadingText="提交订单"
          disabled={loading || guard.busy || paying}
          onClick={submit}
        >
          提交订单
        </Button>
      </div>
      {sheet}
    </div>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <p className={styles.line}>
      <span>{label}</span>
      <span>{value}</span>
    </p>
  );
}

function GoodsSummary({ goods, quantity }: { goods: Goods; quantity: number }) {
  const icon = useGoodsIcon(goods);
  return (
    <section className={`${styles.card} ${styles.goods}`} aria-label="商品">
      {icon ? <img className={styles.icon} src={icon} alt="" /> : null}
      <span className={styles.goodsBody}>
        <span className={styles.goodsName}>{goods.goodsName}</span>
        <span className={styles.goodsPrice}>
          {goodsPriceText(goods)} × {quantity}
        </span>
      </span>
    </section>
  );
}

/** The delivery address: the default one, to change in the address book, or a link to add one. */
function AddressRow({ address, loading }: { address: Address | null; loading: boolean }) {
  if (loading && address === null) {
    return <section className={styles.card} aria-label="收货地址" aria-busy="true" />;
  }
  if (address === null) {
    return (
      <Link className={`${styles.card} ${styles.address}`} to="/address/addAddress?isEdit=1" aria-label="收货地址">
        <span className={styles.addressEmpty}>请添加收货地址</span>
        <span aria-hidden="true">›</span>
      </Link>
    );
  }
  return (
    <Link className={`${styles.card} ${styles.address}`} to="/address/addressManage?fromOrder=1" aria-label="收货地址">
      <span className={styles.addressBody}>
        <span className={styles.addressWho}>
          {address.consigneeName} {address.phone}
        </span>
        <span className={styles.addressText}>
          {address.province}
          {address.city}
          {address.district}
          {address.detailAddress}
        </span>
      </span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}

type Meter = Schema<'DeviceVo'>;

/**
 * The meter whose data plan the order renews: the one the address names (from the device page's
 * 续费), else a choice among the caller's meters with a SIM card, each with its 流量有效期.
 */
function MeterChoice(props: {
  meters: readonly Meter[];
  loading: boolean;
  fixed: string | null;
  chosen: string | null;
  onChoose: (imei: string) => void;
}) {
  const { meters, loading, fixed, chosen, onChoose } = props;
  const now = Date.now();
  const shown = fixed === null ? meters : meters.filter((meter) => meter.deviceImei === fixed);
  return (
    <section className={styles.card} aria-label="续费设备">
      <h2 className={styles.heading}>续费设备</h2>
      {fixed !== null && shown.length === 0 ? <p className={styles.value}>设备号 {fixed}</p> : null}
      {fixed === null && !loading && meters.length === 0 ? (
        <p className={styles.hint}>
          您还没有可续费流量的血糖仪，<Link to="/devices/unbindDevices">去绑定设备</Link>
        </p>
      ) : null}
      <div className={styles.meters} role="radiogroup" aria-label="续费设备">
        {shown.map((meter) => (
          <button
            key={meter.deviceImei}
            type="button"
            role="radio"
            aria-checked={chosen === meter.deviceImei}
            disabled={fixed !== null}
            className={styles.meter}
            onClick={() => onChoose(meter.deviceImei)}
          >
            <span className={styles.meterName}>{meter.deviceName}</span>
            <span className={styles.sub}>设备号 {meter.deviceImei}</span>
            <span className={styles.sub}>流量有效期 {dataPlanText(meter.flowExpireTime, now).text}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
