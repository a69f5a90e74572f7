import type { Schema } from '@glucoguard/sdk';
import { List, Switch } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../ui/toast';
import { SwitchBackEntry } from '../../session/SwitchBackEntry';
import { useElderMode } from '../../store/elderMode';
import { AUTHORIZED_APPS_PATH } from '../oauth/paths';
import styles from './SetPage.module.css';

type MsgSetting = Schema<'MsgSetting'>;
type SwitchKey = 'isReceive' | 'isNoTestReceive';

/**
 * /set/set: 长辈模式 (this device's elder-friendly mode), the two notice switches, 授权管理 (the apps the
 * patient allowed, issue 23), the agreements and about us (spec §2.12).
 */
export default function SetPage() {
  useDocumentTitle('设置');
  const navigate = useNavigate();
  const read = useApiData(() => api().GET('/customer/v1/getMsgSetting'), '', { onError: showError });
  const setting: MsgSetting | null = read.data;
  const setSetting = read.mutate;
  const elderOn = useElderMode((state) => state.on);
  const chooseElder = useElderMode((state) => state.choose);
  // The switch shows its own spinner while the change is saved.
  const { busy: saving, run } = useSubmitGuard({ loader: false });

  const toggle = (key: SwitchKey, on: boolean) => {
    if (setting === null) {
      return;
    }
    const previous = setting;
    const next = { ...setting, [key]: on ? 1 : 0 } as MsgSetting;
    setSetting(next);
    void run(async () => {
      try {
        setSetting(
          await api().POST('/customer/v1/updateMsgSetting', {
            body: {
              category: 'wechatMsg',
              code: 'sugarTest',
              isReceive: next.isReceive,
              isNoTestReceive: next.isNoTestReceive,
            },
          }),
        );
      } catch (error) {
        setSetting(previous);
        showError(error);
      }
      return undefined;
    });
  };

  const switchFor = (key: SwitchKey, label: string) => (
    <Switch
      aria-label={label}
      checked={setting?.[key] === 1}
      disabled={setting === null}
      loading={saving}
      onChange={(on) => toggle(key, on)}
    />
  );

  return (
    <div className={styles.setPageBox}>
      <List mode="card" header="显示">
        <List.Item
          extra={<Switch aria-label="长辈模式" checked={elderOn} onChange={chooseElder} />}
          description="字更大、按钮更大、颜色更清楚，只对这部手机生效"
        >
          长辈模式
        </List.Item>
      </List>
      <List mode="card" header="消息通知">
        <List.Item extra={switchFor('isReceive', '个人测量消息通知')} description="测量后推送测量结果和健康提示">
          个人测量消息通知
        </List.Item>
        <List.Item extra={switchFor('isNoTestReceive', '未测量提醒')} description="当天未测量时提醒您测量">
          未测量提醒
        </List.Item>
      </List>
      <List mode="card" header="数据授权">
        <List.Item
          arrow
          description="查看哪些应用可以读取您的数据，随时取消"
          onClick={() => void navigate(AUTHORIZED_APPS_PATH)}
        >
          授权管理
        </List.Item>
      </List>
      <List mode="card">
        <List.Item arrow onClick={() => void navigate('/protocolPage?type=1')}>
          用户服务协议
        </List.Item>
        <List.Item arrow onClick={() => void navigate('/protocolPage?type=2')}>
          隐私政策
        </List.Item>
        <List.Item arrow onClick={() => void navigate('/set/aboutUs')}>
          关于我们
        </List.Item>
      </List>
      <List mode="card">
        <List.Item
          arrow
          description="注销后个人资料、积分和试纸将被清除"
          onClick={() => void navigate('/set/closeAccount')}
        >
          注销账号
        </List.Item>
      </List>
      <SwitchBackEntry />
    </div>
  );
}
