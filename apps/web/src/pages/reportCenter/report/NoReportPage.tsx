import { REPORT_MIN_MEASUREMENTS, REPORT_TYPE, noReportTexts, reportTypeFromQuery } from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { REPORT_CENTER_TAB_KEY } from '../tabs';
import styles from './NoReportPage.module.css';
import { tokens } from '@glucoguard/ui';

/** Where 去测量 leads for each report type. */
const ADD_PATHS = {
  [REPORT_TYPE.sugar]: '/reportCenter/bloodSugar/addBloodSugarReport/add',
  [REPORT_TYPE.pressure]: '/reportCenter/bloodPressure/addBloodPressureReport/add',
} as const;

/**
 * /reportCenter/bloodSugar/noBloodSugarReport?name&count&reportType (spec 2 §2.5): the report named
 * `name` cannot be made because the period holds fewer than `count` measurements, with a line asking
 * to keep measuring sugar (reportType 1) or pressure (2).
 */
export default function NoReportPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const name = params.get('name')?.trim() || '报告';
  const given = Number(params.get('count'));
  const count = Number.isInteger(given) && given > 0 ? given : REPORT_MIN_MEASUREMENTS.week;
  const reportType = reportTypeFromQuery(params.get('reportType'));
  const texts = noReportTexts(count, reportType);
  useDocumentTitle(name);

  return (
    <div className={styles.noReportPageBox}>
      <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
        <rect
          x="20"
          y="12"
          width="56"
          height="72"
          rx="6"
          fill={tokens.colorPage}
          stroke={tokens.colorIllustrationLine}
          strokeWidth="2"
        />
        <path
          d="M32 34h32M32 46h32M32 58h18"
          stroke={tokens.colorIllustrationMark}
          strokeWidth="3"
          strokeLinecap="round"
        />
        <circle cx="70" cy="70" r="14" fill={tokens.colorWhite} stroke="var(--gg-color-primary)" strokeWidth="3" />
        <path d="M70 63v8M70 75v1" stroke="var(--gg-color-primary)" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1 className={styles.noReportPageTitle}>{name}</h1>
      <p className={styles.noReportPageText}>{texts.reason}</p>
      <p className={styles.noReportPageText2}>{texts.keepMeasuring}</p>
      <div className={styles.noReportPageBox2}>
        <Button
          block
          onClick={() => {
            sessionStorage.setItem(REPORT_CENTER_TAB_KEY, 'report');
            void navigate('/reportCenter/reportCenter', { replace: true });
          }}
        >
          返回报告列表
        </Button>
        <Button block color="primary" onClick={() => void navigate(ADD_PATHS[reportType])}>
          去测量
        </Button>
      </div>
    </div>
  );
}
