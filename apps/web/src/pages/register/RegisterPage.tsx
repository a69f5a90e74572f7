import {
  ACCOUNT_MESSAGES,
  INVITE_CODE_LENGTH,
  brandFeatures,
  charCount,
  PROFILE_FIELD_LIMITS,
  REGISTRATION_DEFAULTS,
  registrationReturnTarget,
  validatePhone,
  validateRegistrationStep1,
  validateRegistrationStep2,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { GuardedInput } from '@glucoguard/ui';
import { Button, Checkbox, Form, Input, Steps } from 'antd-mobile';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { AgreementConsent } from '../../components/AgreementConsent';
import { CodeButton } from '../../components/CodeButton';
import { PageLoading } from '../../components/PageLoading';
import type { Region } from '../../components/RegionPicker';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useDictionaries } from '../../hooks/useDictionaries';
import type { ProfileDictionaries } from '../../hooks/useDictionaries';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { DOCTOR_OPENID_PARAM, authenticate, reauthenticate, rememberedDoctorOpenid } from '../../session/flow';
import { useSession } from '../../store/session';
import { CONSENT_RETURN_NOTE, isConsentAddress } from '../oauth/paths';
import {
  BirthdayField,
  FamilySwitch,
  InviteCodeInput,
  OptionSelector,
  RegionField,
  Row,
  useInviteCode,
} from './fields';
import type { InviteCodeState } from './fields';
import { useRegistrationExit } from './useRegistrationExit';
import styles from './RegisterPage.module.css';

type RegisterConfig = Schema<'RegisterConfig'>;

function Header({ title, note }: { title: string; note?: ReactNode }) {
  // A visitor sent here from an app's consent page (issue 23) is told the way back.
  const forConsent = useSession((state) => state.wanted !== null && isConsentAddress(state.wanted));
  return (
    <header className={styles.headerHeader}>
      <h1 className={styles.headerTitle}>{title}</h1>
      {note === undefined ? null : <p className={styles.headerText}>{note}</p>}
      {forConsent ? <p className={styles.consentReturn}>{CONSENT_RETURN_NOTE}</p> : null}
    </header>
  );
}

const validateRegisterPhone = (phone: string) => validatePhone(phone);

/** Name, phone and code: step 1 of variant B and the top of variant A. */
interface Step1Values {
  nickname: string;
  phone: string;
  validCode: string;
}

function Step1Fields({ values, onChange }: { values: Step1Values; onChange: (values: Step1Values) => void }) {
  return (
    <>
      <Row label="用户名">
        <GuardedInput
          aria-label="用户名"
          placeholder="请输入姓名"
          value={values.nickname}
          onChange={(nickname) => onChange({ ...values, nickname })}
          clearable
        />
      </Row>
      <Row label="手机号">
        <Input
          aria-label="手机号"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          placeholder="请输入手机号"
          value={values.phone}
          onChange={(phone) => onChange({ ...values, phone: phone.replace(/\D+/g, '') })}
          clearable
        />
      </Row>
      <Row
        label="验证码"
        extra={<CodeButton phone={values.phone} purpose="register" validatePhone={validateRegisterPhone} />}
      >
        <Input
          aria-label="验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6位验证码"
          value={values.validCode}
          onChange={(validCode) => onChange({ ...values, validCode: validCode.trim() })}
        />
      </Row>
    </>
  );
}

/** Sex, birth date, types, family member, invite code, region and address (variant B step 2 and variant A). */
interface ProfileValues {
  sex: string | null;
  birthday: string | null;
  diabetesType: string | null;
  bloodPressureType: string | null;
  isFamilyMember: boolean;
  region: Region | null;
  address: string;
}

function ProfileFields({
  values,
  onChange,
  dictionaries,
  invite,
  showInviteCode,
}: {
  values: ProfileValues;
  onChange: (values: ProfileValues) => void;
  dictionaries: ProfileDictionaries;
  invite: InviteCodeState;
  showInviteCode: boolean;
}) {
  return (
    <>
      <Row label="性别">
        <OptionSelector
          label="性别"
          options={dictionaries.sex}
          value={values.sex}
          onChange={(sex) => onChange({ ...values, sex })}
        />
      </Row>
      <Row label="出生日期">
        <BirthdayField value={values.birthday} onChange={(birthday) => onChange({ ...values, birthday })} />
      </Row>
      <Row label="糖尿病类型">
        <OptionSelector
          label="糖尿病类型"
          options={dictionaries.diabetesType}
          value={values.diabetesType}
          onChange={(diabetesType) => onChange({ ...values, diabetesType })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="高血压类型">
        <OptionSelector
          label="高血压类型"
          options={dictionaries.bloodPressureType}
          value={values.bloodPressureType}
          onChange={(bloodPressureType) => onChange({ ...values, bloodPressureType })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="家庭成员">
        <FamilySwitch
          checked={values.isFamilyMember}
          onChange={(isFamilyMember) => onChange({ ...values, isFamilyMember })}
        />
      </Row>
      {showInviteCode || invite.locked ? (
        <Row label="邀请码">
          <InviteCodeInput invite={invite} />
        </Row>
      ) : null}
      <Row label="所在地区">
        <RegionField value={values.region} onChange={(region) => onChange({ ...values, region })} />
      </Row>
      <Row label="详细地址">
        <GuardedInput
          aria-label="详细地址"
          placeholder="街道、门牌号（选填）"
          maxLength={PROFILE_FIELD_LIMITS.addressMax}
          value={values.address}
          onChange={(address) => onChange({ ...values, address })}
          clearable
        />
      </Row>
    </>
  );
}

/** The profile as the form opens: no medical answer chosen for the user (REGISTRATION_DEFAULTS). */
function initialProfile(): ProfileValues {
  return { ...REGISTRATION_DEFAULTS, isFamilyMember: false, region: null, address: '' };
}

/** The optional profile fields as the API takes them (left out when empty). */
function profilePayload(values: ProfileValues, inviteCode: string) {
  const address = values.address.trim();
  return {
    ...(values.diabetesType === null ? {} : { diabetesType: values.diabetesType }),
    ...(values.bloodPressureType === null ? {} : { bloodPressureType: values.bloodPressureType }),
    ...(values.region === null
      ? {}
      : {
          province: values.region.province,
          city: values.region.city,
          ...(values.region.district === null ? {} : { district: values.region.district }),
        }),
    ...(address === '' ? {} : { address }),
    ...(inviteCode === '' ? {} : { inviteCode }),
  };
}

/** The query parameter of an invitation poster's or shared page's link (`/register/register?inviteCode=…&sourceId=…`). */
const INVITE_CODE_PARAM = 'inviteCode';

/**
 * The doctor a patient scanned in pre-fills the invite code (read-only); otherwise an invitation
 * link's code is pre-filled (editable, checked quietly: a wrong one is simply cleared).
 */
function useDoctorInvite(invite: InviteCodeState) {
  const [params] = useSearchParams();
  const doctorOpenid = params.get(DOCTOR_OPENID_PARAM) ?? rememberedDoctorOpenid();
  const linkCode = (params.get(INVITE_CODE_PARAM) ?? '').trim().toUpperCase();
  const { prefill } = invite;
  useEffect(() => {
    if (doctorOpenid === null || doctorOpenid === '') {
      if (charCount(linkCode) === INVITE_CODE_LENGTH) {
        prefill(linkCode, false);
      }
      return;
    }
    api()
      .POST('/register/v1/doctorByOpenid', { body: { openid: doctorOpenid } })
      .then(({ inviteCode }) => {
        if (inviteCode !== null) {
          prefill(inviteCode);
        }
      }, showError);
  }, [doctorOpenid, linkCode, prefill]);
}

function identityFields() {
  const identity = useSession.getState().identity;
  if (identity === null) {
    return {};
  }
  return { openid: identity.openid, ...(identity.headimgurl === '' ? {} : { headimgurl: identity.headimgurl }) };
}

/** Variant B: step 1 binds the phone, step 2 completes the profile (spec §2.5). */
function VariantB({ config, dictionaries }: { config: RegisterConfig; dictionaries: ProfileDictionaries }) {
  useDocumentTitle('注册');
  const [step, setStep] = useState<1 | 2>(1);
  const [step1, setStep1] = useState<Step1Values>({ nickname: '', phone: '', validCode: '' });
  const [agreed, setAgreed] = useState(false);
  const [profile, setProfile] = useState<ProfileValues>(initialProfile);
  const invite = useInviteCode();
  useDoctorInvite(invite);
  const { busy, run } = useSubmitGuard();
  const { finish, fail } = useRegistrationExit('B');

  const next = () => {
    if (!agreed) {
      return;
    }
    const check = validateRegistrationStep1(step1);
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void run(async () => {
      try {
        await api().POST('/register/v1/bind', {
          body: {
            nickname: step1.nickname.trim(),
            phone: step1.phone.trim(),
            validCode: step1.validCode.trim(),
            ...identityFields(),
          },
        });
        // The bind registered the user: the session knows it at once, so leaving step 2 works.
        await authenticate().catch(() => undefined);
        return () => setStep(2);
      } catch (error) {
        return fail(error, step1);
      }
    });
  };

  const complete = () => {
    void run(async () => {
      const inviteChecked = await invite.settle();
      const check = validateRegistrationStep2(
        { ...profile, inviteCode: invite.code, inviteChecked },
        { requireInviteCode: config.showInviteCode, now: new Date() },
      );
      if (!check.ok) {
        return () => toast(check.message);
      }
      try {
        await api().POST('/customer/v1/edit', {
          body: {
            sex: Number(profile.sex) as 0 | 1 | 2,
            ...(profile.birthday === null ? {} : { birthday: profile.birthday }),
            isFamilyMember: profile.isFamilyMember,
            ...profilePayload(profile, inviteChecked === 1 ? invite.code : ''),
          },
        });
        return finish(ACCOUNT_MESSAGES.registered);
      } catch (error) {
        return fail(error);
      }
    });
  };

  const skip = () => {
    void run(() => finish(ACCOUNT_MESSAGES.registered));
  };

  return (
    <div className={styles.page}>
      <Header
        title={step === 1 ? '注册' : '完善资料'}
        note={step === 1 ? '使用手机号注册，开始记录血糖和血压' : '填写健康资料，获得更准确的健康建议'}
      />
      <Steps current={step - 1} className={styles.variantBSteps}>
        <Steps.Step title="绑定手机号" />
        <Steps.Step title="完善资料" />
      </Steps>
      {step === 1 ? (
        <>
          <Form layout="horizontal" mode="card">
            <Step1Fields values={step1} onChange={setStep1} />
          </Form>
          <div className={styles.variantBBox}>
            <AgreementConsent checked={agreed} onChange={setAgreed} />
          </div>
          <div className={styles.variantBBox2}>
            <Button block color="primary" size="large" disabled={!agreed || busy} onClick={next}>
              下一步
            </Button>
          </div>
        </>
      ) : (
        <>
          <Form layout="horizontal" mode="card">
            <ProfileFields
              values={profile}
              onChange={setProfile}
              dictionaries={dictionaries}
              invite={invite}
              showInviteCode={config.showInviteCode}
            />
          </Form>
          <div className={styles.variantBBox3}>
            {config.showSkip ? (
              <Button block size="large" disabled={busy} onClick={skip} className={styles.variantBButton}>
                跳过
              </Button>
            ) : null}
            <Button
              block
              color="primary"
              size="large"
              disabled={busy}
              onClick={complete}
              className={styles.variantBButton}
            >
              完成
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** Variant A: one form titled 用户注册, with a skip registration that needs only name, phone and code. */
function VariantA({ config, dictionaries }: { config: RegisterConfig; dictionaries: ProfileDictionaries }) {
  useDocumentTitle('用户注册');
  const { sourceId } = useSession.getState();
  const [step1, setStep1] = useState<Step1Values>({ nickname: '', phone: '', validCode: '' });
  const [profile, setProfile] = useState<ProfileValues>(initialProfile);
  const [relative, setRelative] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const invite = useInviteCode();
  useDoctorInvite(invite);
  const { busy, run } = useSubmitGuard();
  const { finish, fail } = useRegistrationExit('A');

  const register = () => {
    if (!agreed) {
      return;
    }
    void run(async () => {
      const inviteChecked = await invite.settle();
      const check = validateRegistrationStep1(step1);
      const check2 = check.ok
        ? validateRegistrationStep2(
            { ...profile, inviteCode: invite.code, inviteChecked },
            { requireInviteCode: config.showInviteCode, now: new Date() },
          )
        : check;
      if (!check2.ok) {
        return () => toast(check2.message);
      }
      try {
        await api().POST('/register/v1/register', {
          body: {
            nickname: step1.nickname.trim(),
            phone: step1.phone.trim(),
            validCode: step1.validCode.trim(),
            ...identityFields(),
            sourceId,
            sex: Number(profile.sex) as 1 | 2,
            birthday: profile.birthday ?? '',
            roleType: relative ? 2 : 1,
            ...profilePayload(profile, inviteChecked === 1 ? invite.code : ''),
          },
        });
        return finish(ACCOUNT_MESSAGES.registered);
      } catch (error) {
        return fail(error, step1);
      }
    });
  };

  const skip = () => {
    if (!agreed) {
      return;
    }
    const check = validateRegistrationStep1(step1);
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void run(async () => {
      try {
        await api().POST('/register/v1/skip', {
          body: {
            nickname: step1.nickname.trim(),
            phone: step1.phone.trim(),
            validCode: step1.validCode.trim(),
            ...identityFields(),
            sourceId,
          },
        });
        return finish(ACCOUNT_MESSAGES.registered);
      } catch (error) {
        return fail(error, step1);
      }
    });
  };

  return (
    <div className={styles.page}>
      <Header title="用户注册" />
      <Form layout="horizontal" mode="card">
        <Step1Fields values={step1} onChange={setStep1} />
        <ProfileFields
          values={profile}
          onChange={setProfile}
          dictionaries={dictionaries}
          invite={invite}
          showInviteCode={config.showInviteCode}
        />
      </Form>
      <div className={styles.variantABox}>
        <Checkbox checked={relative} onChange={setRelative} className={styles.variantACheckbox}>
          我是患者的亲友
        </Checkbox>
      </div>
      <div className={styles.variantBBox}>
        <AgreementConsent checked={agreed} onChange={setAgreed} />
      </div>
      <div className={styles.variantABox2}>
        <Button block size="large" disabled={!agreed || busy} onClick={skip} className={styles.variantBButton}>
          跳过
        </Button>
        <Button
          block
          color="primary"
          size="large"
          disabled={!agreed || busy}
          onClick={register}
          className={styles.variantBButton}
        >
          注册
        </Button>
      </div>
    </div>
  );
}

/** Re-authorisation (customer thirdAuthCode 2): sign in with the messaging app again. */
function Reauthorise() {
  useDocumentTitle('重新授权');
  const { busy, run } = useSubmitGuard();
  const { finish } = useRegistrationExit('B');
  const authorise = () => {
    void run(async () => {
      try {
        await reauthenticate();
      } catch (error) {
        return () => showError(error);
      }
      if (useSession.getState().thirdAuthCode === 2) {
        return () => toast('授权未完成，请稍后再试');
      }
      return finish('授权成功');
    });
  };
  return (
    <div className={styles.page}>
      <Header title="重新授权" note="您的账号授权已失效，请重新授权后继续使用。" />
      <div className={styles.reauthoriseBox}>
        <Button block color="primary" size="large" disabled={busy} onClick={authorise}>
          重新授权
        </Button>
      </div>
    </div>
  );
}

/** /register/register: the variant the brand is configured with, or the re-authorisation mode (spec §2.5). */
export default function RegisterPage() {
  const sourceId = useSession((state) => state.sourceId);
  const thirdAuthCode = useSession((state) => state.thirdAuthCode);
  // Whether the user was registered when the page opened; registering on this page changes it.
  const [alreadyRegistered] = useState(() => useSession.getState().isAuth === '1');
  const dictionaries = useDictionaries();
  const read = useApiData(async (): Promise<RegisterConfig> => {
    try {
      return await api().GET('/register/v1/config', { params: { query: { sourceId } } });
    } catch (error) {
      showError(error);
      // The brand's own switches with the two-step form.
      const features = brandFeatures(sourceId);
      return { variant: 'B', showInviteCode: features.showInviteCode, showSkip: features.showSkip };
    }
  }, sourceId);
  const config = read.data;

  if (thirdAuthCode === 2) {
    return <Reauthorise />;
  }
  if (alreadyRegistered) {
    const session = useSession.getState();
    return <Navigate to={registrationReturnTarget({ wanted: session.wanted })} replace />;
  }
  if (config === null || dictionaries === null) {
    return <PageLoading />;
  }
  return config.variant === 'A' ? (
    <VariantA config={config} dictionaries={dictionaries} />
  ) : (
    <VariantB config={config} dictionaries={dictionaries} />
  );
}
