import { Navigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { showError } from '../../ui/toast';
import { flowPath, flowQueryOf } from './flow';
import styles from './consultSubmit.module.css';

/**
 * /recipe/checkPatientInfo: the step of spec 3 §4 — complete patient information goes on to the
 * illness description, otherwise to the patient information form first.
 */
export default function CheckPatientInfoPage() {
  useDocumentTitle('处方信息');
  const [search] = useSearchParams();
  const query = flowQueryOf(search);
  const check = useApiData(() => api().GET('/patient/v1/checkPatientInfo'), '', { onError: showError });
  if (check.data === null) {
    return check.failed ? <p className={styles.empty}>加载失败，请返回重试</p> : <PageLoading />;
  }
  return (
    <Navigate replace to={flowPath(check.data === 1 ? '/recipe/discripIllness' : '/recipe/fillInformation', query)} />
  );
}
