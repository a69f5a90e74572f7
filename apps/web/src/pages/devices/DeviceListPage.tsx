import {
  DATA_PLAN_LABELS,
  DEVICE_MESSAGES,
  canRenewDataPlan,
  dataPlanText,
  deviceNameEdit,
  formatChinaTime,
} from '@glucoguard/domain';
import { isApiError, type Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, Dialog, DotLoading, Input } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDeviceWarranty } from '../warranty/deviceWarranty';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError, toast } from '../../ui/toast';
import { bindPath, renewDataPlanPath } from './paths';
import styles from './DeviceListPage.module.css';

type DeviceList = Schema<'DeviceListVo'>;
type Device = Schema<'DeviceVo'>;

const GROUPS: { key: 'disabeDeviceList' | 'hypertensionDeviceList' | 'otherDeviceList'; title: string }[] = [
  { key: 'disabeDeviceList', title: '血糖仪' },
  { key: 'hypertensionDeviceList', title: '血压计' },
  { key: 'otherDeviceList', title: '其他设备' },
];

/**
 * /devices/unbindDevices (spec 2 §2.17): the patient's devices grouped by kind, each with its name
 * (renamed here), when the meter was last seen, its battery and signal, and unbinding after a
 * confirmation. `deviceId` in the query marks one device (the page it was opened for).
 */
export default function DeviceListPage() {
  useDocumentTitle('我的设备');
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const marked = query.get('deviceId');
  const read = useApiData(() => api().GET('/device/v1/queryDeviceList'), '', {
    onError: (error) => showError(error, DEVICE_MESSAGES.listError),
  });
  const list: DeviceList | null = read.data;
  // Spec 2 §8: the server's errMsg, else 请求错误！ (a network failure has none).
  const failed: string | null = read.failed
    ? isApiError(read.error) && read.error.errMsg !== ''
      ? read.error.errMsg
      : DEVICE_MESSAGES.listError
    : null;
  const reload = read.reload;
  const registerWarranty = useDeviceWarranty();

  const rename = async (device: Device) => {
    let typed = device.deviceName;
    const confirmed = await Dialog.confirm({
      title: '修改设备名称',
      content: (
        <Input
          aria-label="设备名称"
          defaultValue={device.deviceName}
          placeholder="请输入设备名称"
          onChange={(value) => (typed = value)}
        />
      ),
    });
    if (!confirmed) {
      return;
    }
    const edit = deviceNameEdit(device.deviceName, typed);
    if (edit.action === 'error') {
      toast(edit.errMsg);
      return;
    }
    if (edit.action === 'skip') {
      return;
    }
    try {
      await api().POST('/device/v1/edit', { body: { deviceImei: device.deviceImei, deviceName: edit.name } });
      toast('修改成功');
      reload();
    } catch (error) {
      showError(error);
    }
  };

  const unbind = async (device: Device) => {
    if (!(await Dialog.confirm({ content: DEVICE_MESSAGES.unbindConfirm }))) {
      return;
    }
    try {
      await api().POST('/device/v1/unbind', { body: { id: device.id } });
      toast('解绑成功');
      reload();
    } catch (error) {
      showError(error);
    }
  };

  if (list === null) {
    return (
      <div className={styles.deviceListPageBox}>
        {failed ? <EmptyState title={failed} /> : <DotLoading aria-label="加载中" />}
      </div>
    );
  }
  return (
    <div className={styles.deviceListPageBox2}>
      {list.existsFlag ? (
        GROUPS.filter((g) => list[g.key].length > 0).map((group) => (
          <section key={group.key} aria-label={group.title} className={styles.deviceListPageSection}>
            <div className={styles.deviceListPageBox3}>{group.title}</div>
            {list[group.key].map((device) => (
              <DeviceCard
                key={device.id}
                device={device}
                marked={device.id === marked}
                onRename={() => void rename(device)}
                onUnbind={() => void unbind(device)}
                onRenew={() => void navigate(renewDataPlanPath(device))}
                onWarranty={() => void registerWarranty(device)}
              />
            ))}
          </section>
        ))
      ) : (
        <EmptyState title={DEVICE_MESSAGES.empty} />
      )}
      <div className={styles.deviceListPageBox4}>
        <Button block color="primary" onClick={() => void navigate(bindPath(0))}>
          绑定新设备
        </Button>
      </div>
    </div>
  );
}

const lastSeen = (at: string | null) => (at === null ? '从未上线' : formatChinaTime(new Date(at), 'YYYY-MM-DD HH:mm'));

function DeviceCard({
  device,
  marked,
  onRename,
  onUnbind,
  onRenew,
  onWarranty,
}: {
  device: Device;
  marked: boolean;
  onRename: () => void;
  onUnbind: () => void;
  onRenew: () => void;
  onWarranty: () => void;
}) {
  const plan = dataPlanText(device.flowExpireTime, Date.now());
  const renewable = canRenewDataPlan(device);
  const title = device.deviceName || (device.deviceKind === 0 ? '血糖仪' : device.deviceKind === 1 ? '血压计' : '设备');
  return (
    <article
      aria-label={`设备 ${device.deviceImei}`}
      className={`${styles.deviceCardArticle} ${marked ? styles.markedCard : styles.card}`}
    >
      <div className={styles.deviceCardBox}>
        <span className={styles.deviceCardText} aria-label="设备名称">
          {title}
        </span>
        <Button size="mini" fill="none" color="primary" onClick={onRename}>
          重命名
        </Button>
      </div>
      <div className={styles.deviceCardBox2}>
        IMEI：{device.deviceImei}
        {device.model ? ` · ${device.model}` : ''}
      </div>
      <dl className={styles.deviceCardPairs}>
        <dt>最近在线</dt>
        <dd className={styles.deviceCardValue} aria-label="最近在线">
          {lastSeen(device.lastSeenAt)}
        </dd>
        <dt>电量</dt>
        <dd className={styles.deviceCardValue} aria-label="电量">
          {device.battery === null ? '--' : `${device.battery}%`}
        </dd>
        <dt>信号</dt>
        <dd className={styles.deviceCardValue} aria-label="信号">
          {device.signal === null ? '--' : `${device.signal} dBm`}
        </dd>
        <dt>{DATA_PLAN_LABELS.iccid}</dt>
        <dd className={styles.deviceCardValue} aria-label={DATA_PLAN_LABELS.iccid}>
          {device.iccid ?? DATA_PLAN_LABELS.unknownIccid}
        </dd>
        {renewable ? (
          <>
            <dt>{DATA_PLAN_LABELS.title}</dt>
            <dd
              className={`${styles.deviceCardValue} ${plan.expired ? styles.planExpired : ''}`}
              aria-label={DATA_PLAN_LABELS.title}
            >
              {plan.text}
            </dd>
          </>
        ) : null}
      </dl>
      <div className={styles.deviceCardActions}>
        <Button size="small" color="danger" fill="outline" onClick={onUnbind}>
          解绑
        </Button>
        <Button size="small" color="primary" fill="outline" onClick={onWarranty}>
          登记保修
        </Button>
        {renewable ? (
          <Button size="small" color="primary" onClick={onRenew}>
            {DATA_PLAN_LABELS.renew}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
