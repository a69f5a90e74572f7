import { UPLOAD_BUSINESS_CODE, UPLOAD_FAILED_MESSAGE, validateProfile } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { GuardedInput, ProfileCard, compressWithCanvas, prepareImage } from '@glucoguard/ui';
import type { ImageCompressor } from '@glucoguard/ui';
import { Button, Form, List } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useDictionaries } from '../../hooks/useDictionaries';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { loadCurrent } from '../../session/flow';
import { imageUrl, useSession } from '../../store/session';
import type { SessionCustomer } from '../../store/session';
import { OptionSelector, Row } from './fields';
import styles from './EditUserInfoPage.module.css';

/** The two user types of the profile (spec §2.6, §3 roleType). */
const ROLE_OPTIONS = [
  { itemKey: '1', itemValue: '患者' },
  { itemKey: '2', itemValue: '亲友' },
];

/** The canvas compressor; tests replace it (jsdom has no canvas). */
export const avatarImages: { compress: ImageCompressor } = { compress: compressWithCanvas };

/**
 * Tap the avatar → choose an image → compressed by the domain's rule → uploaded → saved as
 * `headimgurl` (the returned address), then the customer is reloaded.
 */
function AvatarPicker({ customer }: { customer: SessionCustomer }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const ratio = useSession((state) => state.ratio);
  const { busy, run } = useSubmitGuard();

  const choose = (file: File | undefined) => {
    if (file === undefined) {
      return;
    }
    void run(async () => {
      let url: string;
      try {
        const prepared = await prepareImage(file, avatarImages.compress);
        ({ url } = await api().POST('/common/v1/uploadImage', {
          body: { data: prepared.base64, businessCode: UPLOAD_BUSINESS_CODE.general },
        }));
      } catch (error) {
        // Like the image uploader: an upload that fails says 上传失败 (spec §8).
        if (!isApiError(error)) {
          console.warn(error);
        }
        return () => toast(UPLOAD_FAILED_MESSAGE);
      }
      try {
        await api().POST('/customer/v1/edit', { body: { headimgurl: url } });
        await loadCurrent().catch(() => undefined);
        return () => toast('头像已更新');
      } catch (error) {
        return () => showError(error, '请求错误！');
      }
    });
  };

  return (
    <label className={styles.avatarPickerLabel}>
      <ProfileCard
        nickname={customer.nickname}
        avatarUrl={imageUrl(customer.headimgurl, imgDomain)}
        sex={customer.sex}
        completion={ratio ?? undefined}
        note="点击头像更换"
      />
      <input
        type="file"
        accept="image/*"
        aria-label="更换头像"
        disabled={busy}
        className={styles.avatarPickerInput}
        onChange={(event) => {
          const input = event.currentTarget;
          choose(input.files?.[0]);
          // The same photo can be chosen again after a failure.
          input.value = '';
        }}
      />
    </label>
  );
}

function ProfileForm({ customer }: { customer: SessionCustomer }) {
  const dictionaries = useDictionaries();
  const [nickname, setNickname] = useState(customer.nickname);
  const [sex, setSex] = useState<string | null>(customer.sex === 0 ? null : String(customer.sex));
  const [roleType, setRoleType] = useState<string | null>(String(customer.roleType));
  const [diabetesType, setDiabetesType] = useState<string | null>(customer.diabetesType);
  const [bloodPressureType, setBloodPressureType] = useState<string | null>(customer.bloodPressureType);
  const { busy, run } = useSubmitGuard();

  if (dictionaries === null) {
    return <PageLoading />;
  }

  const submit = () => {
    const check = validateProfile({ nickname, diabetesType, bloodPressureType });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void run(async () => {
      try {
        await api().POST('/customer/v1/edit', {
          body: {
            nickname: nickname.trim(),
            ...(sex === null ? {} : { sex: Number(sex) as 1 | 2 }),
            ...(roleType === null ? {} : { roleType: Number(roleType) as 1 | 2 }),
            diabetesType,
            bloodPressureType,
          },
        });
        await loadCurrent().catch(() => undefined);
        return () => toast('保存成功');
      } catch (error) {
        return () => showError(error, '请求错误！');
      }
    });
  };

  return (
    <>
      <div className={styles.profileFormBox}>
        <AvatarPicker customer={customer} />
      </div>
      <Form layout="horizontal" mode="card">
        <Row label="姓名">
          <GuardedInput aria-label="姓名" placeholder="请输入姓名" value={nickname} onChange={setNickname} clearable />
        </Row>
        <Row label="性别">
          <OptionSelector label="性别" options={dictionaries.sex} value={sex} onChange={setSex} />
        </Row>
        <Row label="用户类型">
          <OptionSelector label="用户类型" options={ROLE_OPTIONS} value={roleType} onChange={setRoleType} />
        </Row>
        <Row label="糖尿病类型">
          <OptionSelector
            label="糖尿病类型"
            options={dictionaries.diabetesType}
            value={diabetesType}
            onChange={setDiabetesType}
            allowNone
            columns={2}
          />
        </Row>
        <Row label="高血压类型">
          <OptionSelector
            label="高血压类型"
            options={dictionaries.bloodPressureType}
            value={bloodPressureType}
            onChange={setBloodPressureType}
            allowNone
            columns={2}
          />
        </Row>
      </Form>
      <List mode="card">
        <List.Item extra={customer.phone ?? '未绑定'} arrow>
          <Link to="/register/editPhone" className={styles.profileFormLink}>
            手机号
          </Link>
        </List.Item>
      </List>
      <div className={styles.profileFormBox2}>
        <Button block color="primary" size="large" disabled={busy} onClick={submit}>
          提交
        </Button>
      </div>
    </>
  );
}

/** /register/editUserInfo: avatar, name, sex, user type, diabetes and hypertension type, phone (spec §2.6). */
export default function EditUserInfoPage() {
  useDocumentTitle('个人资料');
  const customer = useSession((state) => state.customer);
  return (
    <div className={styles.editUserInfoPageBox}>
      {customer === null ? <PageLoading /> : <ProfileForm key={customer.cid} customer={customer} />}
    </div>
  );
}
