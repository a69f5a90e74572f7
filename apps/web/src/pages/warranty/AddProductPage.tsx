import {
  REGISTER_PATH,
  WARRANTY_MESSAGES,
  canSubmitProductRegistration,
  chinaDateKey,
  digitsOnly,
  extractImei,
  validateProductRegistration,
} from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { Button, DatePicker, Input } from 'antd-mobile';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useCodeScanner } from '../../components/CodeScanner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { isRegistered, useSession } from '../../store/session';
import { showError, toast } from '../../ui/toast';
import { ModelPicker, type PickedModel } from './ModelPicker';
import { ADD_PRODUCT_PATH, PRODUCT_LIST_PATH, productDetailPath } from './warrantyPaths';
import styles from './warranty.module.css';

/** The earliest purchase date the picker offers; the latest is today (China). */
const PURCHASE_DATE_MIN = '2000-01-01';

interface Form {
  phone: string;
  orderTimeStr: string;
  deviceImei: string;
  model: PickedModel | null;
}

/** A field's problem from the domain's check, shown under that field. */
type Problem = { field: 'phone' | 'orderTimeStr' | 'deviceImei'; message: string } | null;

const PROBLEM_FIELDS = ['phone', 'orderTimeStr', 'deviceImei'] as const;

/**
 * /addProduct 登记保修 (spec 3 §2.8, §5): the phone (请输入正确的手机号), the purchase date (a picker
 * that ends today), the device's IMEI — scanned with the messaging app's scanner or the phone's
 * camera and read by the domain's `extractImei`, or typed — and the model when the API cannot tell
 * it from the IMEI. 提交 is enabled only when phone, date and IMEI are all there. A registered
 * customer's product goes to 我的产品; a visitor's is kept for the account they are about to make
 * (productPurchase), and 我是亲友 (only without an account) leads to registration
 * (docs/adr/0206-warranty-registration-pages.md).
 */
export default function AddProductPage() {
  useDocumentTitle('登记保修');
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const customer = useSession((state) => state.customer);
  const registered = isRegistered(customer);
  const [form, setForm] = useState<Form>(() => ({
    phone: registered ? (customer?.phone ?? '') : '',
    orderTimeStr: query.get('orderTimeStr') ?? '',
    deviceImei: query.get('deviceImei') ?? '',
    model: null,
  }));
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));
  const [problem, setProblem] = useState<Problem>(null);
  const [pickingDate, setPickingDate] = useState(false);
  const [pickingModel, setPickingModel] = useState(false);
  const [visitorDone, setVisitorDone] = useState(false);
  const scanner = useCodeScanner();
  const { busy, run } = useSubmitGuard();
  const today = chinaDateKey(Date.now());

  const scan = async () => {
    const text = await scanner.scan();
    if (text !== null && text.trim() !== '') {
      set({ deviceImei: extractImei(text) });
      setProblem(null);
    }
  };

  const submit = () => {
    // A typed or pasted code goes through the same extraction as a scanned one.
    const deviceImei = extractImei(form.deviceImei);
    const check = validateProductRegistration({ ...form, deviceImei }, Date.now());
    if (!check.ok) {
      const field = PROBLEM_FIELDS.find((name) => name === check.field) ?? 'deviceImei';
      setProblem({ field, message: check.message });
      return;
    }
    setProblem(null);
    void run(async () => {
      const body = {
        phone: form.phone,
        orderTimeStr: form.orderTimeStr,
        deviceImei,
        ...(form.model === null ? {} : { productId: form.model.id }),
      };
      try {
        if (registered) {
          const warranty = await api().POST('/customerWarrantyOrder/v1/add', { body });
          return () => {
            toast('提交成功');
            void navigate(productDetailPath(warranty.warrantyId), { replace: true });
          };
        }
        await api().POST('/product/v1/productPurchase/add', { body });
        return () => {
          toast('提交成功');
          setVisitorDone(true);
        };
      } catch (error) {
        if (isApiError(error) && error.errMsg === WARRANTY_MESSAGES.model) {
          return () => {
            toast(WARRANTY_MESSAGES.model);
            setPickingModel(true);
          };
        }
        return () => showError(error);
      }
    });
  };

  if (visitorDone) {
    return (
      <div className={styles.page}>
        <section className={styles.card} aria-label="登记成功">
          <h2 className={styles.heading}>登记成功</h2>
          <p className={styles.note}>
            您的产品已登记保修。注册账号后，可在「我的产品」里随时查看保修状态、说明书和使用视频。
          </p>
          <Button
            block
            color="primary"
            size="large"
            className={styles.submit}
            onClick={() => {
              // Registration, then 我的产品 (the guard would send a visitor from /productList back here).
              useSession.getState().setWanted(PRODUCT_LIST_PATH);
              void navigate(REGISTER_PATH);
            }}
          >
            注册并查看我的产品
          </Button>
          <Button
            block
            size="large"
            className={styles.secondButton}
            onClick={() => {
              setForm((current) => ({ ...current, deviceImei: '', model: null }));
              setVisitorDone(false);
            }}
          >
            继续登记其他产品
          </Button>
        </section>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-label="登记保修">
        <h2 className={styles.heading}>登记产品保修</h2>
        <p className={styles.note}>登记后，可随时查看产品的保修状态、说明书和使用视频。</p>

        <label htmlFor="warranty-phone" className={styles.label}>
          手机号
        </label>
        <div className={styles.fieldBox}>
          <Input
            id="warranty-phone"
            aria-label="手机号"
            type="tel"
            inputMode="numeric"
            placeholder="请输入手机号"
            maxLength={11}
            value={form.phone}
            onChange={(value) => {
              set({ phone: digitsOnly(value) });
              setProblem(null);
            }}
            clearable
            className={styles.field}
          />
        </div>
        {problem?.field === 'phone' ? (
          <p role="alert" className={styles.problem}>
            {problem.message}
          </p>
        ) : null}

        <span className={styles.label}>购买日期</span>
        <button
          type="button"
          aria-label="购买日期"
          className={`${styles.fieldBox} ${styles.pickerCell} ${form.orderTimeStr === '' ? styles.placeholder : ''}`}
          onClick={() => setPickingDate(true)}
        >
          {form.orderTimeStr === '' ? '请选择购买日期' : form.orderTimeStr}
        </button>
        {problem?.field === 'orderTimeStr' ? (
          <p role="alert" className={styles.problem}>
            {problem.message}
          </p>
        ) : null}
        <DatePicker
          title="购买日期"
          visible={pickingDate}
          min={dayjs(PURCHASE_DATE_MIN).toDate()}
          max={dayjs(today).toDate()}
          value={dayjs(form.orderTimeStr === '' || form.orderTimeStr > today ? today : form.orderTimeStr).toDate()}
          onClose={() => setPickingDate(false)}
          onConfirm={(date) => {
            set({ orderTimeStr: dayjs(date).format('YYYY-MM-DD') });
            setProblem(null);
          }}
        />

        <label htmlFor="warranty-imei" className={styles.label}>
          设备IMEI号
        </label>
        <div className={styles.imeiRow}>
          <div className={`${styles.fieldBox} ${styles.imeiBox}`}>
            <Input
              id="warranty-imei"
              aria-label="设备IMEI号"
              placeholder={scanner.available ? '扫码或手动输入' : '请输入设备IMEI号'}
              autoComplete="off"
              maxLength={64}
              value={form.deviceImei}
              onChange={(value) => {
                set({ deviceImei: value });
                setProblem(null);
              }}
              clearable
              className={styles.field}
            />
          </div>
          {scanner.available ? (
            <Button color="primary" fill="outline" className={styles.scanButton} onClick={() => void scan()}>
              扫码
            </Button>
          ) : null}
        </div>
        {problem?.field === 'deviceImei' ? (
          <p role="alert" className={styles.problem}>
            {problem.message}
          </p>
        ) : null}
        <p className={styles.hint}>IMEI号印在设备背面的标签和包装盒上，扫描标签上的二维码或条形码即可填入。</p>

        <span className={styles.label}>产品型号</span>
        <button
          type="button"
          aria-label="产品型号"
          className={`${styles.fieldBox} ${styles.pickerCell} ${form.model === null ? styles.placeholder : ''}`}
          onClick={() => setPickingModel(true)}
        >
          {form.model === null ? '本公司血糖仪、血压计可自动识别' : form.model.name}
        </button>
        <ModelPicker
          visible={pickingModel}
          onClose={() => setPickingModel(false)}
          onPick={(model) => {
            set({ model });
            setPickingModel(false);
          }}
        />

        <Button
          block
          color="primary"
          size="large"
          className={styles.submit}
          disabled={busy || !canSubmitProductRegistration(form)}
          onClick={submit}
        >
          提交
        </Button>
      </section>
      {registered ? (
        <Link to={PRODUCT_LIST_PATH} className={styles.textLink}>
          查看我的产品
        </Link>
      ) : (
        <RelativeLink />
      )}
      {scanner.view}
    </div>
  );
}

/**
 * 我是亲友 (only for a visitor, who has no account yet): a relative who looks after a patient
 * registers as a relative first — the registration page offers 我是患者的亲友 — and comes back here.
 */
function RelativeLink() {
  const navigate = useNavigate();
  const setWanted = useSession((state) => state.setWanted);
  return (
    <button
      type="button"
      className={styles.textLink}
      onClick={() => {
        setWanted(ADD_PRODUCT_PATH);
        void navigate('/register/register');
      }}
    >
      我是亲友
    </button>
  );
}
