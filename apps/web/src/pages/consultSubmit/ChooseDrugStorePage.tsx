import { CONSULT_SUBMIT_DEBOUNCE_MS, validateAllergyHistory, validateIllness } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { toast } from '../../ui/toast';
import { chatPath } from '../chat/consultPaths';
import { NearbyPharmacies } from '../pharmacy/PharmacyLists';
import { flowPath, flowQueryOf, saveDiagnosticInfo, submitFailureMessage } from './flow';
import { draftOf, useRecipeDraft } from './recipeDraft';
import styles from './consultSubmit.module.css';

/** Message when no pharmacy is chosen. */
const CHOOSE_DRUG_STORE_MESSAGE = '请选择药店';

/**
 * /recipe/chooseDrugStore (spec 3 §2.1, §4 location flow): the stored location (confirm or locate
 * again), the pharmacies near it, one chosen; 提交 sends the illness, the allergy history and the
 * pharmacy in one saveDiagnosticInfo, and the chat opens with the status it answers.
 */
export default function ChooseDrugStorePage() {
  useDocumentTitle('选择药店');
  const [search] = useSearchParams();
  const query = flowQueryOf(search);
  const navigate = useNavigate();
  const stored = useRecipeDraft((state) => state.draft);
  const clear = useRecipeDraft((state) => state.clear);
  const draft = draftOf({ draft: stored }, query.sessionId);
  const [chosen, setChosen] = useState<Schema<'PharmacyVo'> | null>(null);
  const { busy, run } = useSubmitGuard({ holdMs: CONSULT_SUBMIT_DEBOUNCE_MS });

  const submit = () => {
    // A reload can lose nothing but an earlier step skipped by address: send the patient back to it.
    const illness = validateIllness({ desc: draft.desc, images: draft.imgList });
    if (!illness.ok) {
      toast(illness.message);
      void navigate(flowPath('/recipe/discripIllness', query));
      return;
    }
    const allergy = validateAllergyHistory({ options: draft.allergyOptions, detail: draft.allergyDetail });
    if (!allergy.ok) {
      toast(allergy.message);
      void navigate(flowPath('/recipe/allergicHistory', query));
      return;
    }
    if (chosen === null) {
      toast(CHOOSE_DRUG_STORE_MESSAGE);
      return;
    }
    void run(async () => {
      try {
        const saved = await saveDiagnosticInfo({
          sessionId: query.sessionId,
          diagnosticInfo: { desc: draft.desc.trim(), imgList: draft.imgList },
          allergicHistory: {
            items: draft.allergyOptions.map(String),
            detail: draft.allergyDetail.trim(),
          },
          drugStoreId: chosen.storeId,
        });
        return () => {
          clear();
          void navigate(chatPath(saved), { replace: true });
        };
      } catch (error) {
        return () => toast(submitFailureMessage(error));
      }
    });
  };

  return (
    <div className={styles.page}>
      <NearbyPharmacies medicineIds="" choice={{ chosenId: chosen?.storeId ?? null, onChoose: setChosen }} />
      <div className={styles.stickyFooter}>
        <p className={styles.chosen}>{chosen ? `已选择：${chosen.store}` : '请在上方列表中选择取药的药店'}</p>
        <Button block color="primary" size="large" disabled={busy} onClick={submit}>
          提交
        </Button>
      </div>
    </div>
  );
}
