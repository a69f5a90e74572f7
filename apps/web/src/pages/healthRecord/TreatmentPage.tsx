import { HEALTH_RECORD_LIMITS, charCount, composeTreatment, splitTreatment, tooLongMessage } from '@glucoguard/domain';
import { GuardedTextArea } from '@glucoguard/ui';
import { Button, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGoBack } from '../../hooks/useGoBack';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { toast } from '../../ui/toast';
import { patchForm, useHealthDraft } from './form';
import { useHealthOptions } from './options';
import styles from './TreatmentPage.module.css';

const RECORD_PATH = '/healthTarget/healthInfo';

/**
 * /treatment (spec 2 §2.12): the treatment-method picker opened from the record's treatment field.
 * The chosen methods and the user's own words become the record's one treatment text (at most 200
 * characters); the record page keeps its unsaved changes meanwhile.
 */
export default function TreatmentPage() {
  useDocumentTitle('治疗方式');
  const navigate = useNavigate();
  const goBack = useGoBack(RECORD_PATH);
  const options = useHealthOptions();
  const [initial] = useState(() => {
    const { form, pendingTreatment } = useHealthDraft.getState();
    return splitTreatment(form?.treatmentTypeStr ?? pendingTreatment);
  });
  const [chosen, setChosen] = useState<string[]>([...initial.chosen]);
  const [other, setOther] = useState(initial.other);

  if (options === null) {
    return <PageLoading />;
  }

  const leave = () => {
    const { returning, form } = useHealthDraft.getState();
    if (returning && form !== null) {
      goBack();
    } else {
      void navigate(RECORD_PATH, { replace: true });
    }
  };

  const confirm = () => {
    const text = composeTreatment(chosen, other);
    if (charCount(text) > HEALTH_RECORD_LIMITS.treatmentMax) {
      toast(tooLongMessage('治疗方式', HEALTH_RECORD_LIMITS.treatmentMax));
      return;
    }
    if (useHealthDraft.getState().form === null) {
      useHealthDraft.setState({ pendingTreatment: text });
    } else {
      patchForm({ treatmentTypeStr: text });
    }
    leave();
  };

  return (
    <div className={styles.treatmentPageBox}>
      <div className={styles.treatmentPageBox2}>
        <h2 className={styles.treatmentPageHeading}>治疗方式（可多选）</h2>
        <div role="group" aria-label="治疗方式">
          <Selector
            multiple
            columns={2}
            options={options.treatmentType.map((option) => ({ label: option.itemValue, value: option.itemValue }))}
            value={chosen}
            onChange={setChosen}
            className={styles.treatmentPageSelector}
          />
        </div>
        <label htmlFor="treatment-other" className={styles.treatmentPageLabel}>
          其他治疗方式
        </label>
        <GuardedTextArea
          id="treatment-other"
          placeholder="如：具体药物名称、剂量等"
          rows={3}
          maxLength={HEALTH_RECORD_LIMITS.treatmentMax}
          value={other}
          onChange={setOther}
        />
      </div>
      <div className={styles.treatmentPageBox3}>
        <Button block size="large" onClick={leave}>
          取消
        </Button>
        <Button block color="primary" size="large" onClick={confirm}>
          确定
        </Button>
      </div>
    </div>
  );
}
