import { isApiError } from '@glucoguard/sdk';
import { Button, DotLoading } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { externalNavigation } from '../../components/externalNavigation';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useGoBack } from '../../hooks/useGoBack';
import { MEDICAL_REPORTS_PATH } from './paths';
import styles from './UrineDoctorPage.module.css';

/** The envelope code of a service that is not configured here (the partner's settings are missing). */
const UNAVAILABLE = 50300;

/**
 * /urineDoctor (spec 1 §2.3, ADR 0103): with the partner configured, the partner's health site
 * opens through the link the server signs (in place of this page, so back returns home); without
 * it, this page says what urine analysis is and that the service is not open here yet.
 */
export default function UrineDoctorPage() {
  useDocumentTitle('尿液分析');
  const navigate = useNavigate();
  const goBack = useGoBack('/');
  const link = useApiData(() => api().GET('/partner/v1/urineLink'), '', {
    onLoad: ({ url }) => externalNavigation.replace(url),
  });

  if (link.loading || link.data !== null) {
    return (
      <div className={styles.page} aria-busy="true">
        <p className={styles.opening}>
          正在打开尿液分析服务
          <DotLoading />
        </p>
      </div>
    );
  }
  const unavailable = isApiError(link.error, UNAVAILABLE);
  return (
    <div className={styles.page}>
      <section aria-labelledby="urine-what" className={styles.card}>
        <h2 id="urine-what" className={styles.heading}>
          什么是尿液分析
        </h2>
        <p className={styles.text}>
          尿液分析（尿常规）通过检查尿液里的葡萄糖、酮体、蛋白、潜血等指标，了解血糖控制以及肾脏、泌尿系统的情况。
        </p>
        <p className={styles.text}>
          糖尿病患者定期查尿糖、尿酮体和尿微量白蛋白，有助于及早发现酮症和糖尿病肾病。出现口渴明显、尿量增多、恶心呕吐等情况时，请及时就医。
        </p>
      </section>
      <section aria-labelledby="urine-status" className={styles.card}>
        <h2 id="urine-status" className={styles.heading}>
          {unavailable ? '服务暂未开通' : '暂时无法打开'}
        </h2>
        <p className={styles.text}>
          {unavailable
            ? '合作机构的在线尿液分析服务在这里还没有开通，开通后可从首页的“尿液分析”直接进入。'
            : '尿液分析服务暂时无法打开，请检查网络后重试。'}
        </p>
        <p className={styles.text}>
          现在您可以在医院或社区卫生服务中心检查尿常规，并把检查报告上传保存，方便复诊时查看。
        </p>
      </section>
      <div className={styles.actions}>
        {unavailable ? null : (
          <Button block color="primary" size="large" onClick={link.reload}>
            重试
          </Button>
        )}
        <Button
          block
          color={unavailable ? 'primary' : 'default'}
          size="large"
          onClick={() => void navigate(MEDICAL_REPORTS_PATH)}
        >
          上传检查报告
        </Button>
        <Button block size="large" onClick={goBack}>
          返回
        </Button>
      </div>
    </div>
  );
}
