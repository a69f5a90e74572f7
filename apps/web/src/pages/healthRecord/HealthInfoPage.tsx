import { HEALTH_RECORD_MESSAGES, canChooseDoctor, validateHealthRecordFields } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { DoctorPicker, saveChosenDoctor } from '../../components/DoctorPicker';
import type { PickedDoctor } from '../../components/DoctorPicker';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useDictionaries } from '../../hooks/useDictionaries';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { HEALTH_TABS, bodyOf, fieldsOf, formOf, metaOf, patchForm, useHealthDraft } from './form';
import type { HealthTab } from './form';
import { useHealthOptions } from './options';
import { BasicSection, LifestyleSection, MedicalSection } from './sections';
import styles from './HealthInfoPage.module.css';

/** The tab holding each field, so a refused save shows the field it is about. */
const FIELD_TAB: Record<string, HealthTab> = {
  ensureDate: 'medical',
  complications: 'medical',
  complicationsRemark: 'medical',
  bloodPressureEnsureDate: 'medical',
  treatmentTypeStr: 'medical',
  labourIntensity: 'lifestyle',
  exerciseFrequency: 'lifestyle',
  sleepStatus: 'lifestyle',
  peacetimeEmotion: 'lifestyle',
  foodHabit: 'lifestyle',
  smokingStatus: 'lifestyle',
  smokingDaily: 'lifestyle',
  smokingRemark: 'lifestyle',
  drinkingStatus: 'lifestyle',
  drinkingType: 'lifestyle',
  drinkingDaily: 'lifestyle',
};

/** Loads the record from the server unless the user is back from /treatment with unsaved changes. */
function useRecord(): { ready: boolean; failed: boolean; retry: () => void } {
  const [keepDraft] = useState(() => {
    const state = useHealthDraft.getState();
    return state.returning && state.form !== null;
  });
  // A draft of an earlier visit is not shown while the record loads.
  const [ready, setReady] = useState(keepDraft);
  const [attempt, setAttempt] = useState(0);
  const record = useApiData(
    async () => {
      if (keepDraft && attempt === 0) {
        useHealthDraft.setState({ returning: false });
        return null;
      }
      useHealthDraft.setState({
        form: null,
        meta: null,
        returning: false,
        ...(attempt === 0 ? { tab: 'basic' as const } : {}),
      });
      return api().GET('/customer/v1/getHealthInfo');
    },
    attempt,
    {
      clear: true,
      onLoad: (info) => {
        if (info === null) {
          return;
        }
        const { pendingTreatment } = useHealthDraft.getState();
        const form = formOf(info);
        useHealthDraft.setState({
          form: pendingTreatment === null ? form : { ...form, treatmentTypeStr: pendingTreatment },
          meta: metaOf(info),
          pendingTreatment: null,
        });
        setReady(true);
      },
      onError: showError,
    },
  );
  return { ready, failed: record.failed, retry: () => setAttempt((n) => n + 1) };
}

/** /healthTarget/healthInfo (spec 2 §2.12): the health record in three tabs with one submit. */
export default function HealthInfoPage() {
  useDocumentTitle('健康档案');
  const navigate = useNavigate();
  const { form, meta, tab } = useHealthDraft();
  const { ready, failed, retry } = useRecord();
  const options = useHealthOptions();
  const dictionaries = useDictionaries();
  const [picking, setPicking] = useState(false);
  const { busy, run } = useSubmitGuard();

  if (failed) {
    return (
      <EmptyState title="加载失败" description="健康档案暂时无法读取">
        <Button color="primary" size="small" onClick={retry}>
          重试
        </Button>
      </EmptyState>
    );
  }
  if (!ready || form === null || meta === null || options === null || dictionaries === null) {
    return <PageLoading />;
  }

  const submit = () => {
    const check = validateHealthRecordFields(fieldsOf(form), { savedName: meta.savedName, now: new Date() });
    if (!check.ok) {
      useHealthDraft.setState({ tab: FIELD_TAB[check.field] ?? 'basic' });
      toast(check.message);
      return;
    }
    void run(async () => {
      try {
        const saved = await api().POST('/customer/v1/saveHealthInfo', { body: bodyOf(form, meta) });
        useHealthDraft.setState({ form: formOf(saved), meta: metaOf(saved) });
        return () => toast('保存成功');
      } catch (error) {
        return () => showError(error, '请求错误！');
      }
    });
  };

  const openDoctor = () => {
    if (!canChooseDoctor(meta.modifyType)) {
      toast(HEALTH_RECORD_MESSAGES.doctorLocked);
      return;
    }
    setPicking(true);
  };

  const pickDoctor = async (doctor: PickedDoctor) => {
    const chosen = await saveChosenDoctor(doctor);
    const place = [chosen.organizationName, chosen.departmentName].filter((part) => part !== '').join(' ');
    useHealthDraft.setState((state) =>
      state.meta === null
        ? state
        : { meta: { ...state.meta, modifyType: chosen.modifyType, doctor: { name: chosen.doctorName, place } } },
    );
    toast('保存成功');
  };

  const sectionProps = { form, meta, options, dictionaries, onChange: patchForm };
  return (
    <div className={styles.healthInfoPageBox}>
      <div className={styles.healthInfoPageBox2}>
        <Tabs activeKey={tab} onChange={(key) => useHealthDraft.setState({ tab: key as HealthTab })}>
          {HEALTH_TABS.map((t) => (
            <Tabs.Tab key={t.key} title={t.title} />
          ))}
        </Tabs>
      </div>
      {tab === 'basic' ? <BasicSection {...sectionProps} /> : null}
      {tab === 'medical' ? (
        <MedicalSection
          {...sectionProps}
          onTreatment={() => {
            useHealthDraft.setState({ returning: true });
            void navigate('/treatment');
          }}
          onDoctor={openDoctor}
        />
      ) : null}
      {tab === 'lifestyle' ? <LifestyleSection {...sectionProps} /> : null}
      <div className={styles.healthInfoPageBox3}>
        <Button block color="primary" size="large" disabled={busy} onClick={submit}>
          提交
        </Button>
      </div>
      <DoctorPicker
        visible={picking}
        onClose={() => setPicking(false)}
        onPick={pickDoctor}
        initialRegion={form.region}
      />
    </div>
  );
}
