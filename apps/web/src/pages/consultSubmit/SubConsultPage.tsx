import {
  CONSULT_LIMITS,
  CONSULT_STATUS,
  CONSULT_SUBMIT_DEBOUNCE_MS,
  validateConsultDescription,
} from '@glucoguard/domain';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { chatPath } from '../chat/consultPaths';
import { DescriptionForm } from './DescriptionForm';
import { flowPath, flowQueryOf, saveDiagnosticInfo, submitFailureMessage } from './flow';
import styles from './consultSubmit.module.css';

/**
 * /findDoctor/subConsult (spec 3 §2.1 'submit consultation'; query sessionId, doctorId, doctorName):
 * the paid consultation's description (required, at most 300 characters) and up to 9 photos. The
 * server posts startConsult and waitConsult and records the information; the chat opens with the
 * status it answers. A consultation already described opens its chat instead.
 */
export default function SubConsultPage() {
  useDocumentTitle('提交咨询');
  const [search] = useSearchParams();
  const query = flowQueryOf(search);
  const navigate = useNavigate();
  const session = useApiData(
    () => api().GET('/consult/v1/querySessionBySessionId', { params: { query: { sessionId: query.sessionId } } }),
    query.sessionId,
    { enabled: query.sessionId !== '', onError: showError },
  );
  const [desc, setDesc] = useState('');
  const [imgList, setImgList] = useState<string[]>([]);
  const { busy, run } = useSubmitGuard({ holdMs: CONSULT_SUBMIT_DEBOUNCE_MS });

  if (query.sessionId === '') {
    return <p className={styles.empty}>未找到咨询，请从咨询列表进入</p>;
  }
  if (session.data === null) {
    return session.failed ? <p className={styles.empty}>咨询加载失败，请返回重试</p> : <PageLoading />;
  }
  if (session.data.status !== CONSULT_STATUS.toConsult) {
    return <Navigate replace to={chatPath(session.data)} />;
  }
  const current = session.data;

  const submit = () => {
    // A refused form is told at once and does not start the 2 s hold: only a sent submit does.
    const check = validateConsultDescription({ desc, images: imgList });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void run(async () => {
      try {
        const saved = await saveDiagnosticInfo({
          sessionId: current.sessionId,
          diagnosticInfo: { desc: desc.trim(), imgList },
        });
        return () => void navigate(chatPath(saved), { replace: true });
      } catch (error) {
        return () => toast(submitFailureMessage(error));
      }
    });
  };

  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>提交咨询</h1>
        <p className={styles.subtitle}>
          {current.doctor.nickName || query.doctorName} · {current.serviceName}
        </p>
      </header>
      <DescriptionForm
        id="consult-desc"
        label="咨询内容"
        placeholder="请详细描述您的病情、症状、持续时间和想咨询的问题，以便医生更好地为您解答"
        maxLength={CONSULT_LIMITS.description}
        text={desc}
        onText={setDesc}
        photoKind="consult"
        onPhotos={setImgList}
        busy={busy}
        action="提交"
        onSubmit={submit}
      >
        <p className={styles.recipeLink}>
          需要医生开具处方？
          <Link to={flowPath('/recipe/checkPatientInfo', query)}>填写处方信息</Link>
        </p>
      </DescriptionForm>
    </>
  );
}
