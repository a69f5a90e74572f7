import {
  ACCOUNT_RECOVERY_MESSAGES,
  REGISTRATION_MESSAGES,
  validateAccountRecovery,
  validatePhone,
} from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { CodeButton } from '../../components/CodeButton';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { renewTime, scheduleRenewal } from '../../session/flow';
import { useSession } from '../../store/session';
import { Row } from './fields';
import { useRegistrationExit } from './useRegistrationExit';
import type { RecoveryAttempt } from './useRegistrationExit';
import styles from './RecoverAccountPage.module.css';

function attemptFrom(state: unknown): RecoveryAttempt | null {
  if (typeof state !== 'object' || state === null) {
    return null;
  }
  const { phone, validCode } = state as Partial<RecoveryAttempt>;
  return typeof phone === 'string' && typeof validCode === 'string' ? { phone, validCode } : null;
}

/**
 * /register/recover: getting an account back (issue 15 D). Reached from registration when the phone
 * belongs to another account (该手机号已被其他微信号绑定), with that phone and code already filled
 * in. It says plainly what happens — the records stay, this phone signs in from now on, the other
 * device is signed out — and moves the account once the code checks out.
 */
export default function RecoverAccountPage() {
  useDocumentTitle(ACCOUNT_RECOVERY_MESSAGES.pageTitle);
  const location = useLocation();
  const navigate = useNavigate();
  const [attempt] = useState(() => attemptFrom(location.state));
  const [phone, setPhone] = useState(attempt?.phone ?? '');
  const [validCode, setValidCode] = useState(attempt?.validCode ?? '');
  const { busy, run } = useSubmitGuard();
  const { finish } = useRegistrationExit('B');

  const submit = () => {
    const check = validateAccountRecovery({ phone, validCode });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void run(async () => {
      try {
        const moved = await api().POST('/register/v1/recoverAccount', {
          body: { phone: phone.trim(), validCode: validCode.trim() },
        });
        useSession.getState().setSignedIn({
          token: moved.token,
          expiresAt: moved.expiresAt,
          renewAt: renewTime(moved.expiresAt, Date.now()),
          identity: {
            openid: moved.openid,
            unionid: moved.unionid,
            nickname: moved.nickname,
            headimgurl: moved.headimgurl,
            sex: moved.sex,
          },
          imgDomain: moved.imgDomain,
        });
        scheduleRenewal();
        return finish(ACCOUNT_RECOVERY_MESSAGES.recovered);
      } catch (error) {
        return () =>
          isApiError(error, 90001) ? toast(REGISTRATION_MESSAGES.codeWrong) : showError(error, '请求错误！');
      }
    });
  };

  return (
    <div className={styles.recoverAccountPageBox}>
      <header className={styles.recoverAccountPageHeader}>
        <h1 className={styles.recoverAccountPageTitle}>{ACCOUNT_RECOVERY_MESSAGES.pageTitle}</h1>
        <p className={`${styles.text} ${styles.textVariant}`}>
          这个手机号已经注册过账号。用发到这个手机号的验证码，就能把原来的账号转到这里继续使用。
        </p>
      </header>
      <section aria-label="找回后会怎样" className={styles.recoverAccountPageSection}>
        <p className={`${styles.text} ${styles.textVariant2}`}>找回后：</p>
        <ul className={styles.recoverAccountPageList}>
          {ACCOUNT_RECOVERY_MESSAGES.whatHappens.map((line) => (
            <li key={line} className={`${styles.text} ${styles.textVariant3}`}>
              {line}
            </li>
          ))}
        </ul>
      </section>
      <Form layout="horizontal" mode="card">
        <Row label="手机号">
          <Input
            aria-label="手机号"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            placeholder="请输入手机号"
            value={phone}
            onChange={(value) => setPhone(value.replace(/\D+/g, ''))}
            clearable
          />
        </Row>
        <Row label="验证码" extra={<CodeButton phone={phone} purpose="register" validatePhone={validatePhone} />}>
          <Input
            aria-label="验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="6位验证码"
            value={validCode}
            onChange={(value) => setValidCode(value.trim())}
          />
        </Row>
      </Form>
      <div className={styles.recoverAccountPageBox2}>
        <Button
          block
          color="primary"
          size="large"
          disabled={busy}
          onClick={submit}
          className={styles.recoverAccountPageButton}
        >
          {ACCOUNT_RECOVERY_MESSAGES.submit}
        </Button>
        <Button
          block
          size="large"
          disabled={busy}
          onClick={() => void navigate('/register/register', { replace: true })}
          className={styles.recoverAccountPageButton}
        >
          不找回，返回注册
        </Button>
      </div>
    </div>
  );
}
