import {
  BIND_CAUSES,
  BIND_FAILURES,
  DEVICE_MESSAGES,
  bindFailureNamed,
  isImei,
  type BindCause,
} from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { DEVICE_LIST_PATH, bindPath } from './paths';
import styles from './BindErrorPage.module.css';

const CAUSES = Object.keys(BIND_CAUSES) as BindCause[];

/**
 * /devices/bindError?imei=…&cause=… (spec 2 §8): 绑定失败, the IMEI and the three causes; those
 * the failure may be are marked. The bind call gives one answer for a wrong IMEI or code and a
 * meter somebody else has (so it does not tell which IMEIs exist), and both of those are marked.
 */
export default function BindErrorPage() {
  useDocumentTitle(DEVICE_MESSAGES.bindFailed);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const imei = query.get('imei') ?? '';
  const failure = bindFailureNamed(query.get('cause'));
  const marked: readonly BindCause[] = failure ? BIND_FAILURES[failure].causes : [];
  return (
    <div className={styles.bindErrorPageBox}>
      <div className={styles.bindErrorPageBox2} aria-hidden>
        ✕
      </div>
      <h2 className={styles.bindErrorPageHeading}>{DEVICE_MESSAGES.bindFailed}</h2>
      <div className={styles.bindErrorPageBox3} aria-label="设备IMEI号">
        IMEI：{imei || '--'}
      </div>
      <div className={styles.bindErrorPageBox4}>
        <div className={styles.bindErrorPageBox5}>可能的原因：</div>
        <ol className={styles.bindErrorPageList} aria-label="失败原因">
          {CAUSES.map((c) => (
            <li
              key={c}
              data-current={marked.includes(c) ? 'true' : undefined}
              className={marked.includes(c) ? styles.markedCause : undefined}
            >
              {BIND_CAUSES[c]}
            </li>
          ))}
        </ol>
        <p className={styles.bindErrorPageText}>
          请核对设备背面标签上的IMEI号和绑定码后重试。设备转让时，需原主人先在“我的设备”中解绑。
        </p>
      </div>
      <Button
        block
        color="primary"
        size="large"
        onClick={() => void navigate(bindPath(0, isImei(imei) ? imei : undefined), { replace: true })}
      >
        重新绑定
      </Button>
      <Button
        block
        size="large"
        fill="none"
        className={styles.bindErrorPageButton}
        onClick={() => void navigate(DEVICE_LIST_PATH, { replace: true })}
      >
        我的设备
      </Button>
    </div>
  );
}
