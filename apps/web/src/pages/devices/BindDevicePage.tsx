import {
  BIND_CODE_MESSAGES,
  bindCodeError,
  bindFailureOf,
  bindNeedsDoctor,
  imeiToBind,
  parseBindScan,
  scansAtOnce,
  typedImeiDigits,
  typedImeiProblem,
} from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { Button, Input, type InputRef } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { api } from '../../api';
import { DoctorPicker, saveChosenDoctor, type PickedDoctor } from '../../components/DoctorPicker';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError, toast } from '../../ui/toast';
import { DEVICE_LIST_PATH, bindErrorPath } from './paths';
import { scanQRCode, wxReady } from '../../wechat/jssdk';
import { canScan } from '../../wechat/scan';
import styles from './BindDevicePage.module.css';

/**
 * /devices/bindDevices/:type (spec 2 §2.17, §4): the meter's IMEI and its bind code, both on the
 * label, prove that the user holds the meter (docs/adr/0091-bind-code.md). In the messaging app
 * the label's QR code fills both (domain `parseBindScan`); an older
 * QR code with the IMEI only fills the IMEI and asks for the code. `auto` starts the scanner at
 * once. For types 2 and 3 a user without a doctor then chooses one.
 */
export default function BindDevicePage() {
  useDocumentTitle('绑定设备');
  const { type = '0' } = useParams();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  // After a failed bind, 重新绑定 brings the IMEI back: only the code is to be checked again.
  const [typedImei, setTypedImei] = useState(() => imeiToBind(query.get('imei') ?? '') ?? '');
  const [typedCode, setTypedCode] = useState('');
  const [imeiProblem, setImeiProblem] = useState<string | null>(null);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  // The buttons show their own spinner while binding.
  const { busy, run } = useSubmitGuard({ loader: false });
  const [picking, setPicking] = useState(false);
  const started = useRef(false);
  const codeInput = useRef<InputRef>(null);

  const done = () => void navigate(DEVICE_LIST_PATH, { replace: true });

  /** Binds the IMEI with the code; both were checked by the domain rules already. */
  const bind = (imei: string, bindCode: string) =>
    run(async () => {
      try {
        await api().POST('/device/v1/bind', { body: { deviceImei: imei, bindCode } });
        toast('绑定成功');
        const doctorName =
          type === '2' || type === '3' ? (await api().GET('/customer/v1/getHealthInfo')).doctorName : null;
        if (bindNeedsDoctor(type, doctorName)) {
          setPicking(true);
        } else {
          done();
        }
      } catch (error) {
        const cause = isApiError(error) ? bindFailureOf(error.code) : null;
        if (cause) {
          void navigate(bindErrorPath(imei, cause), { replace: true });
        } else {
          // Too many attempts, or the network: said under the button, where it stays.
          setCodeProblem(isApiError(error) && error.errMsg !== '' ? error.errMsg : null);
          showError(error);
        }
      }
      return undefined;
    });

  // A typed IMEI is checked by the domain's IMEI rule (15 digits, Luhn check digit), and what is
  // wrong is said about the IMEI, under its field; 二维码错误 is only for a scanned code.
  const submitTyped = () => {
    const imeiError = typedImeiProblem(typedImei);
    const codeError = bindCodeError(typedCode);
    setImeiProblem(imeiError);
    setCodeProblem(codeError);
    if (imeiError === null && codeError === null) {
      void bind(typedImeiDigits(typedImei), typedCode);
    }
  };

  const scan = async () => {
    const text = await scanQRCode();
    if (text === null) {
      return;
    }
    const { imei, bindCode } = parseBindScan(text);
    if (imei === null) {
      void navigate(bindErrorPath(text.trim(), 'unreadableScan'), { replace: true });
      return;
    }
    setTypedImei(imei);
    setImeiProblem(null);
    if (bindCode === null) {
      // An older label's QR code holds the IMEI only: the code is typed from the label.
      setTypedCode('');
      setCodeProblem(BIND_CODE_MESSAGES.askForCode);
      codeInput.current?.focus();
      return;
    }
    setTypedCode(bindCode);
    setCodeProblem(null);
    await bind(imei, bindCode);
  };

  // The scanner is offered once the messaging app's SDK is configured for this page; scanning
  // starts once, when the page opens.
  const scanner =
    (useApiData(wxReady, '', {
      enabled: canScan(),
      onLoad: (sdk) => {
        if (sdk !== null && scansAtOnce(type) && !started.current) {
          started.current = true;
          void scan();
        }
      },
    }).data ?? null) !== null;

  const pick = async (doctor: PickedDoctor) => {
    try {
      await saveChosenDoctor(doctor);
      toast('保存成功');
    } catch (error) {
      showError(error);
    }
    done();
  };

  return (
    <div className={styles.bindDevicePageBox}>
      <section className={styles.bindDevicePageSection}>
        <h2 className={styles.bindDevicePageHeading}>绑定血糖仪 / 血压计</h2>
        <p className={styles.bindDevicePageText}>
          {scanner
            ? '扫描设备背面标签上的二维码即可绑定；也可以手动输入标签上的IMEI号和绑定码。'
            : '请输入设备背面标签上的15位IMEI号和8位绑定码。绑定码用来确认设备在您手中。'}
        </p>
        {scanner ? (
          <Button
            block
            color="primary"
            size="large"
            disabled={busy}
            onClick={() => void scan()}
            className={styles.bindDevicePageButton}
          >
            扫码绑定
          </Button>
        ) : null}
        <label htmlFor="bind-imei" className={styles.label}>
          设备IMEI号
        </label>
        <label className={styles.fieldBox}>
          <Input
            id="bind-imei"
            aria-label="设备IMEI号"
            placeholder="15位数字"
            inputMode="numeric"
            autoComplete="off"
            value={typedImei}
            onChange={(value) => {
              setTypedImei(value);
              setImeiProblem(null);
            }}
            maxLength={64}
            clearable
            className={styles.field}
          />
        </label>
        {imeiProblem ? (
          <p role="alert" className={styles.problem}>
            {imeiProblem}
          </p>
        ) : null}
        <label htmlFor="bind-code" className={styles.label}>
          绑定码
        </label>
        <label className={styles.fieldBox}>
          <Input
            ref={codeInput}
            id="bind-code"
            aria-label="绑定码"
            placeholder="8位，字母或数字"
            autoCapitalize="characters"
            autoCorrect="off"
            autoComplete="off"
            value={typedCode}
            onChange={(value) => {
              setTypedCode(value);
              setCodeProblem(null);
            }}
            maxLength={16}
            clearable
            className={styles.field}
          />
        </label>
        {codeProblem ? (
          <p role="alert" className={styles.problem}>
            {codeProblem}
          </p>
        ) : (
          <p className={styles.bindDevicePageText2}>绑定码印在设备背面的标签上，字母不分大小写。</p>
        )}
        <Button
          block
          color={scanner ? 'default' : 'primary'}
          size="large"
          loading={busy}
          disabled={busy}
          onClick={submitTyped}
          className={styles.bindDevicePageButton2}
        >
          绑定
        </Button>
      </section>
      <Button block size="large" fill="none" className={styles.bindDevicePageButton3} onClick={done}>
        我的设备
      </Button>
      <DoctorPicker visible={picking} onClose={done} onPick={pick} title="选择您的医生" />
    </div>
  );
}
