import { REPORT_MIN_MEASUREMENTS, REPORT_TYPE, noReportTexts, reportTypeFromQuery } from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { REPORT_CENTER_TAB_KEY } from '../tabs';

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
    <div
      style={{
        minHeight: '100vh',
        background: '#fff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        padding: '64px 24px 24px',
        textAlign: 'center',
      }}
    >
      <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
        <rect x="20" y="12" width="56" height="72" rx="6" fill="#f5f6f8" stroke="#d9dce1" strokeWidth="2" />
        <path d="M32 34h32M32 46h32M32 58h18" stroke="#b5b9c0" strokeWidth="3" strokeLinecap="round" />
        <circle cx="70" cy="70" r="14" fill="#fff" stroke="var(--adm-color-primary)" strokeWidth="3" />
        <path d="M70 63v8M70 75v1" stroke="var(--adm-color-primary)" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1 style={{ fontSize: 18, margin: '20px 0 12px' }}>{name}</h1>
      <p style={{ margin: 0, fontSize: 15, lineHeight: 1.6 }}>{texts.reason}</p>
      <p style={{ margin: '8px 0 0', fontSize: 14, lineHeight: 1.6, color: 'var(--adm-color-text-secondary)' }}>
        {texts.keepMeasuring}
      </p>
      <div style={{ display: 'flex', gap: 12, marginTop: 32, width: '100%', maxWidth: 320 }}>
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
