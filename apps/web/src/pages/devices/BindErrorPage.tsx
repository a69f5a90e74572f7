import { BIND_FAILURES, DEVICE_MESSAGES, type BindFailureCause } from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { DEVICE_LIST_PATH, bindPath } from './paths';

const CAUSES = Object.keys(BIND_FAILURES) as BindFailureCause[];

/** /devices/bindError?imei=…&cause=… (spec 2 §8): 绑定失败, the three causes, the IMEI; the one that happened is marked. */
export default function BindErrorPage() {
  useDocumentTitle(DEVICE_MESSAGES.bindFailed);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const imei = query.get('imei') ?? '';
  const cause = query.get('cause');
  return (
    <div style={{ minHeight: '100%', background: '#fff', padding: '40px 24px', textAlign: 'center' }}>
      <div style={{ fontSize: 48, color: '#ff4d4f' }} aria-hidden>
        ✕
      </div>
      <h2 style={{ margin: '8px 0 4px' }}>{DEVICE_MESSAGES.bindFailed}</h2>
      <div style={{ color: 'var(--adm-color-weak)', fontSize: 13, wordBreak: 'break-all' }} aria-label="设备IMEI号">
        IMEI：{imei || '--'}
      </div>
      <div style={{ textAlign: 'left', margin: '24px 0', background: '#fafafa', borderRadius: 8, padding: '12px 16px' }}>
        <div style={{ fontWeight: 600, marginBottom: 8 }}>可能的原因：</div>
        <ol style={{ margin: 0, paddingLeft: 20, lineHeight: 2 }} aria-label="失败原因">
          {CAUSES.map((c) => (
            <li key={c} data-current={c === cause ? 'true' : undefined} style={c === cause ? { color: '#ff4d4f', fontWeight: 600 } : undefined}>
              {BIND_FAILURES[c].cause}
            </li>
          ))}
        </ol>
      </div>
      <Button block color="primary" onClick={() => void navigate(bindPath(0), { replace: true })}>
        重新绑定
      </Button>
      <Button block fill="none" style={{ marginTop: 8 }} onClick={() => void navigate(DEVICE_LIST_PATH, { replace: true })}>
        我的设备
      </Button>
    </div>
  );
}
