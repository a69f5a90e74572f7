import { ALLERGY_OTHER_OPTION, toggleAllergyOption, validateAllergyHistory } from '@glucoguard/domain';
import type { DictionaryOption } from '@glucoguard/domain';
import { GuardedTextArea } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { showError, toast } from '../../ui/toast';
import { flowPath, flowQueryOf } from './flow';
import { draftOf, useRecipeDraft } from './recipeDraft';
import styles from './consultSubmit.module.css';

/** The allergy detail's limit: the API's `detail` takes at most 100 characters. */
const DETAIL_MAX = 100;

async function loadAllergyOptions(): Promise<DictionaryOption[]> {
  const lists = await api().GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'allergic_history' } } });
  return lists.allergic_history ?? [];
}

/**
 * /recipe/allergicHistory (spec 3 §2.1, §5): options of the `allergic_history` dictionary; 1, 2, 3
 * and 5 stand alone (the domain's toggle), 5 ('other') opens the detail, which is then required.
 */
export default function AllergicHistoryPage() {
  useDocumentTitle('过敏史');
  const [search] = useSearchParams();
  const query = flowQueryOf(search);
  const navigate = useNavigate();
  const stored = useRecipeDraft((state) => state.draft);
  const update = useRecipeDraft((state) => state.update);
  const draft = draftOf({ draft: stored }, query.sessionId);
  const options = useApiData(loadAllergyOptions, '', { onError: showError });
  if (options.data === null) {
    return options.failed ? <p className={styles.empty}>加载失败，请返回重试</p> : <PageLoading />;
  }
  const other = draft.allergyOptions.includes(ALLERGY_OTHER_OPTION);

  const next = () => {
    const check = validateAllergyHistory({ options: draft.allergyOptions, detail: draft.allergyDetail });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void navigate(flowPath('/recipe/chooseDrugStore', query));
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-label="过敏史">
        <p className={styles.label}>
          过敏史<span className={styles.required}>（必填）</span>
        </p>
        <div role="group" aria-label="过敏史选项" className={styles.options}>
          {options.data.map((option) => {
            const key = Number(option.itemKey);
            const chosen = draft.allergyOptions.includes(key);
            return (
              <button
                key={option.itemKey}
                type="button"
                aria-pressed={chosen}
                className={chosen ? `${styles.option} ${styles.optionChosen}` : styles.option}
                onClick={() =>
                  update(query.sessionId, { allergyOptions: toggleAllergyOption(draft.allergyOptions, key) })
                }
              >
                {option.itemValue}
              </button>
            );
          })}
        </div>
      </section>
      {other ? (
        <section className={styles.card} aria-label="详细过敏史">
          <label htmlFor="allergy-detail" className={styles.label}>
            详细过敏史<span className={styles.required}>（必填）</span>
          </label>
          <GuardedTextArea
            id="allergy-detail"
            className={styles.textArea}
            placeholder="请填写过敏的药物或食物，以及过敏时的表现"
            rows={4}
            maxLength={DETAIL_MAX}
            value={draft.allergyDetail}
            onChange={(allergyDetail) => update(query.sessionId, { allergyDetail })}
          />
        </section>
      ) : null}
      <div className={styles.footer}>
        <Button block color="primary" size="large" onClick={next}>
          下一步
        </Button>
      </div>
    </div>
  );
}
