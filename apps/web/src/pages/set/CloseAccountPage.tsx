import { Button, Checkbox, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { restartSession } from '../../session/flow';
import { useSession } from '../../store/session';
import { showError, toast } from '../../ui/toast';
import styles from './CloseAccountPage.module.css';

/** What closing the account takes away, as the warning lists it (docs/invitation.md). */
export const CLOSE_ACCOUNT_LOSSES: readonly string[] = [
  '个人资料：昵称、头像、手机号、性别、出生日期和地址将被清除；',
  '积分和试纸：账户中的积分、试纸和邀请奖励将作废，不能恢复或转移；',
  '健康记录：血糖、血压等记录将与您的身份解除关联，重新注册后也无法找回；',
  '亲友关注、绑定的设备、问诊和处方记录都将无法再查看；',
  '所有手机上的登录状态将立即失效。',
];

/** Asked once more before the account is closed. */
export const CLOSE_ACCOUNT_CONFIRM = '注销后账号无法恢复，确定要注销吗？';

/**
 * /set/closeAccount (注销账号): what is lost, a box to tick that it was read, a last confirmation,
 * then closeAccount; the session it ended is dropped and the app starts again as a visitor on the
 * home page, where the same phone can register anew.
 */
export default function CloseAccountPage() {
  useDocumentTitle('注销账号');
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  const { busy, run } = useSubmitGuard();

  const close = async () => {
    if (!(await Dialog.confirm({ content: CLOSE_ACCOUNT_CONFIRM, confirmText: '确定注销', cancelText: '再想想' }))) {
      return;
    }
    await run(async () => {
      try {
        await api().POST('/customer/v1/closeAccount', { body: {} });
      } catch (error) {
        return () => showError(error);
      }
      // A fresh sign-in, as the visitor this phone now is, then home (open to visitors). While the sign-in
      // runs, the guard may send this page to registration with itself as the page to come back to:
      // that is forgotten, since a new registration should not land on a closed account's settings.
      void navigate('/', { replace: true });
      await restartSession({ freshSignIn: true });
      useSession.getState().setWanted(null);
      void navigate('/', { replace: true });
      return () => toast('账号已注销');
    });
  };

  return (
    <div className={styles.page}>
      <section aria-label="注销须知" className={styles.card}>
        <h1 className={styles.title}>注销账号</h1>
        <p className={styles.lead}>注销是不可恢复的操作。注销后：</p>
        <ul className={styles.losses}>
          {CLOSE_ACCOUNT_LOSSES.map((loss) => (
            <li key={loss} className={styles.loss}>
              {loss}
            </li>
          ))}
        </ul>
        <p className={styles.note}>
          注销后，该手机号和微信可以重新注册为新用户，但不会再为邀请过您的亲友带来试纸奖励。
        </p>
      </section>
      <Checkbox checked={understood} onChange={setUnderstood} className={styles.consent}>
        我已阅读并了解以上内容
      </Checkbox>
      <div className={styles.actions}>
        <Button block color="danger" size="large" disabled={!understood || busy} onClick={() => void close()}>
          确认注销
        </Button>
        <Button block size="large" onClick={() => void navigate(-1)}>
          暂不注销
        </Button>
      </div>
    </div>
  );
}
