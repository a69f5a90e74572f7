import {
  ACCOUNT_MESSAGES,
  PHONE_EMPTY_MESSAGE,
  PHONE_INCORRECT_MESSAGE,
  REGISTRATION_MESSAGES,
  phoneCheck,
  validatePhoneChange,
} from '@glucoguard/domain';
import type { ValidationResult } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { CodeButton } from '../../components/CodeButton';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { loadCurrent } from '../../session/flow';
import { useSession } from '../../store/session';
import { Row } from './fields';
import styles from './EditPhonePage.module.css';

const validateNewPhone = (phone: string): ValidationResult =>
  phoneCheck('phone', phone, PHONE_EMPTY_MESSAGE, PHONE_INCORRECT_MESSAGE) ?? { ok: true };

/** /register/editPhone: a new phone number confirmed with a code sent to it (spec §2.6). */
export default function EditPhonePage() {
  useDocumentTitle('更换手机号');
  const currentPhone = useSession((state) => state.customer?.phone ?? null);
  const [phone, setPhone] = useState('');
  const [validCode, setValidCode] = useState('');
  const { busy, run } = useSubmitGuard();
  const navigate = useNavigate();

  const submit = () => {
    const check = validatePhoneChange({ phone, validCode });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void run(async () => {
      try {
        await api().POST('/customer/v1/updatePhone', { body: { phone: phone.trim(), validCode: validCode.trim() } });
        await loadCurrent().catch(() => undefined);
        return () => {
          toast(ACCOUNT_MESSAGES.phoneChanged);
          void navigate('/register/editUserInfo', { replace: true });
        };
      } catch (error) {
        return () =>
          isApiError(error, 90001) ? toast(REGISTRATION_MESSAGES.codeWrong) : showError(error, '请求错误！');
      }
    });
  };

  return (
    <div className={styles.editPhonePageBox}>
      {currentPhone === null ? null : <p className={styles.editPhonePageText}>当前手机号：{currentPhone}</p>}
      <Form layout="horizontal" mode="card">
        <Row label="新手机号">
          <Input
            aria-label="新手机号"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            placeholder="请输入新手机号"
            value={phone}
            onChange={(value) => setPhone(value.replace(/\D+/g, ''))}
            clearable
          />
        </Row>
        <Row label="验证码" extra={<CodeButton phone={phone} purpose="updatePhone" validatePhone={validateNewPhone} />}>
          <Input
            aria-label="验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入验证码"
            value={validCode}
            onChange={(value) => setValidCode(value.trim())}
          />
        </Row>
      </Form>
      <div className={styles.editPhonePageBox2}>
        <Button block color="primary" size="large" disabled={busy} onClick={submit}>
          确定
        </Button>
      </div>
    </div>
  );
}
