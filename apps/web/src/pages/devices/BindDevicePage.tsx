import { DEVICE_MESSAGES, bindFailureOf, bindNeedsDoctor, imeiToBind, scansAtOnce } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { Button, Input } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { api } from '../../api';
import { DoctorPicker, saveChosenDoctor, type PickedDoctor } from '../../components/DoctorPicker';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError, toast } from '../../session/errors';
import { DEVICE_LIST_PATH, bindErrorPath } from './paths';
import { scanQRCode, wxReady } from '../../wechat/jssdk';
import { canScan } from './scan';

/**
 * /devices/bindDevices/:type (spec 2 §2.17, §4): scan the meter's code in the messaging app, or
 * type its IMEI elsewhere; the IMEI is extracted by the domain rule and bound. `auto` starts the
 * scanner at once. For types 2 and 3 a user without a doctor then chooses one.
 */
export default function BindDevicePage() {
  useDocumentTitle('绑定设备');
  const { type = '0' } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  // The scanner is offered once the messaging app's SDK is configured for this page.
  const [scanner, setScanner] = useState(false);
  const started = useRef(false);

  const done = () => void navigate(DEVICE_LIST_PATH, { replace: true });

  const bind = async (text: string, scanned: boolean) => {
    const imei = imeiToBind(text);
    if (imei === null) {
      if (scanned) {
        void navigate(bindErrorPath(text.trim(), 'unknownDevice'), { replace: true });
      } else {
        toast(DEVICE_MESSAGES.badImei);
      }
      return;
    }
    setBusy(true);
    try {
      await api().POST('/device/v1/bind', { body: { deviceImei: imei } });
      toast('绑定成功');
      const doctorName = type === '2' || type === '3' ? (await api().GET('/customer/v1/getHealthInfo')).doctorName : null;
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
        showError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const scan = async () => {
    const text = await scanQRCode();
    if (text !== null) {
      await bind(text, true);
    }
  };

  useEffect(() => {
    if (!canScan()) {
      return undefined;
    }
    let live = true;
    void wxReady().then((sdk) => {
      if (!live || sdk === null) {
        return;
      }
      setScanner(true);
      if (scansAtOnce(type) && !started.current) {
        started.current = true;
        void scan();
      }
    });
    return () => {
      live = false;
    };
    // Scanning starts once, when the page opens.
  }, []);

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
    <div style={{ minHeight: '100%', background: '#f5f6f8', padding: 16 }}>
      <section style={{ background: '#fff', borderRadius: 8, padding: 16 }}>
        <div style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>绑定血糖仪 / 血压计</div>
        <p style={{ color: 'var(--adm-color-weak)', fontSize: 13, margin: '0 0 12px' }}>
          {scanner ? '扫描设备背面的二维码，或输入设备上的15位IMEI号。' : '请输入设备背面标签上的15位IMEI号。'}
        </p>
        {scanner ? (
          <Button block color="primary" disabled={busy} onClick={() => void scan()} style={{ marginBottom: 12 }}>
            扫码绑定
          </Button>
        ) : null}
        <Input
          aria-label="设备IMEI号"
          placeholder="请输入15位IMEI号"
          value={typed}
          onChange={setTyped}
          maxLength={64}
          clearable
          style={{ border: '1px solid #e5e5e5', borderRadius: 6, padding: '8px 10px', marginBottom: 12 }}
        />
        <Button block color={scanner ? 'default' : 'primary'} loading={busy} disabled={typed.trim() === ''} onClick={() => void bind(typed, false)}>
          绑定
        </Button>
      </section>
      <Button block fill="none" style={{ marginTop: 12 }} onClick={done}>
        我的设备
      </Button>
      <DoctorPicker visible={picking} onClose={done} onPick={pick} title="选择您的医生" />
    </div>
  );
}

