// 健康数据 of a consultation (doctor): the patient's glucose and pressure readings of the window the
// API allows (from 30 days before the acceptance up to now, or frozen at the end once finished;
// docs/adr/0156-consult-readings-window.md), the weekly and monthly report summaries, and each kind as
// a chart and a table. Every load is recorded in the audit trail by the API.
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Result,
  Row,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { LineSeries, createChart } from 'lightweight-charts';
import {
  formatSugar,
  parseChinaDateTime,
  SUGAR_LEVEL_LABELS,
  SUGAR_TIME_TYPES,
  type SugarLevel,
} from '@glucoguard/domain';
import { isApiError, type Schema } from '@glucoguard/sdk';
import { tokens, TrendChart, type ChartLibrary, type TrendSeries } from '@glucoguard/ui';
import '@glucoguard/ui/tokens.css';
import { api } from '../../api';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { patientText } from './consultText';
import { useBack } from './useBack';
import styles from './ConsultPage.module.css';

type Readings = Schema<'ConsoleConsultReadings'>;
type Glucose = Readings['glucose'][number];
type Pressure = Readings['pressure'][number];
type Summary = Readings['summaries'][number];
type Medication = Readings['medication'][number];

const CHART_LIB: ChartLibrary = { createChart, LineSeries };

const LEVEL_COLOURS: Record<SugarLevel, string> = {
  seriousHigh: 'red',
  high: 'orange',
  normal: 'green',
  low: 'blue',
  seriousLow: 'purple',
};

function LevelTag({ level }: { level: SugarLevel | null }) {
  return level ? <Tag color={LEVEL_COLOURS[level]}>{SUGAR_LEVEL_LABELS[level]}</Tag> : <span>—</span>;
}

const slotName = (timeType: number) => SUGAR_TIME_TYPES.find((t) => t.timeType === timeType)?.name ?? '其他';
const at = (time: string) => parseChinaDateTime(time)?.getTime() ?? 0;

const GLUCOSE_COLUMNS: TableColumnsType<Glucose> = [
  { title: '测量时间', dataIndex: 'time', key: 'time', width: 200 },
  { title: '时段', key: 'slot', width: 100, render: (_v, r) => slotName(r.timeType) },
  { title: '血糖（mmol/L）', key: 'sugar', width: 140, render: (_v, r) => formatSugar(r.sugar) },
  { title: '判断', key: 'level', width: 110, render: (_v, r) => <LevelTag level={r.level} /> },
  { title: '备注', dataIndex: 'remark', key: 'remark', ellipsis: true },
];

const PRESSURE_COLUMNS: TableColumnsType<Pressure> = [
  { title: '测量时间', dataIndex: 'time', key: 'time', width: 200 },
  { title: '收缩压（mmHg）', dataIndex: 'sbp', key: 'sbp', width: 140 },
  { title: '舒张压（mmHg）', dataIndex: 'dbp', key: 'dbp', width: 140 },
  { title: '脉搏（次/分）', dataIndex: 'hr', key: 'hr', width: 130 },
  { title: '判断', key: 'level', render: (_v, r) => <LevelTag level={r.level} /> },
];

const MEDICATION_COLUMNS: TableColumnsType<Medication> = [
  { title: '用药时间', dataIndex: 'recordTime', key: 'recordTime', width: 200 },
  {
    title: '药品',
    key: 'medicine',
    render: (_v, r) =>
      r.productName && r.productName !== r.medicineName ? `${r.productName}（${r.medicineName}）` : r.medicineName,
  },
  { title: '规格', dataIndex: 'specification', key: 'specification', width: 160 },
  { title: '用法', dataIndex: 'usagedName', key: 'usaged', width: 120 },
  { title: '频率', dataIndex: 'rateName', key: 'rate', width: 120 },
  { title: '每次用量', key: 'dosage', width: 120, render: (_v, r) => `${r.dosage}${r.dosageUnit}` },
];

/** The patient's medication diary over the window (issue 20), newest last as the API orders it. */
function MedicationView({ records }: { records: readonly Medication[] }) {
  if (records.length === 0) {
    return <Empty description="这段时间没有用药记录" />;
  }
  return (
    <Table<Medication>
      rowKey={(r) => r.recordId}
      columns={MEDICATION_COLUMNS}
      dataSource={[...records]}
      size="middle"
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
    />
  );
}

function SummaryCard({ summary }: { summary: Summary }) {
  const { glucose, pressure } = summary;
  return (
    <Card
      size="small"
      title={`${summary.label}（${new Date(summary.from).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' })} 起）`}
      data-testid={`summary-${summary.period}`}
    >
      <Typography.Title level={5}>血糖</Typography.Title>
      {glucose ? (
        <>
          <Space size="large" wrap>
            <Statistic title="测量次数" value={glucose.count} />
            <Statistic title="达标率" value={glucose.inRangeShare} suffix="%" />
            <Statistic title="偏高" value={glucose.counts.highCount + glucose.counts.seriousHighCount} />
            <Statistic title="偏低" value={glucose.counts.lowCount + glucose.counts.seriousLowCount} />
          </Space>
          <Typography.Paragraph className={styles.analysis}>{glucose.analysis}</Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph type="secondary">这段时间没有血糖记录</Typography.Paragraph>
      )}
      <Typography.Title level={5}>血压</Typography.Title>
      {pressure ? (
        <>
          <Space size="large" wrap>
            <Statistic title="测量次数" value={pressure.count} />
            <Statistic title="平均血压" value={`${pressure.mean.sbp}/${pressure.mean.dbp}`} suffix="mmHg" />
            <Statistic title="平均脉搏" value={pressure.mean.hr} suffix="次/分" />
            <Statistic title="偏高" value={pressure.counts.highCount + pressure.counts.seriousHighCount} />
          </Space>
          <Typography.Paragraph className={styles.analysis}>{pressure.analysis}</Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph type="secondary">这段时间没有血压记录</Typography.Paragraph>
      )}
    </Card>
  );
}

function GlucoseView({ readings }: { readings: readonly Glucose[] }) {
  const series = useMemo<TrendSeries[]>(
    () => [
      {
        name: '血糖',
        colour: tokens.colorChartLine,
        points: readings.map((r) => ({ time: at(r.time), value: r.sugar })),
      },
    ],
    [readings],
  );
  if (readings.length === 0) {
    return <Empty description="这段时间没有血糖记录" />;
  }
  return (
    <>
      <TrendChart lib={CHART_LIB} series={series} height={280} aria-label="血糖趋势图" />
      <Table<Glucose>
        className={styles.section}
        rowKey={(r) => `${r.time}-${r.timeType}-${r.sugar}`}
        columns={GLUCOSE_COLUMNS}
        dataSource={[...readings]}
        size="middle"
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </>
  );
}

function PressureView({ readings }: { readings: readonly Pressure[] }) {
  const series = useMemo<TrendSeries[]>(() => {
    const line = (name: string, colour: string, pick: (r: Pressure) => number): TrendSeries => ({
      name,
      colour,
      points: readings.map((r) => ({ time: at(r.time), value: pick(r) })),
    });
    return [
      line('收缩压', tokens.colorLevelHigh, (r) => r.sbp),
      line('舒张压', tokens.colorChartLine, (r) => r.dbp),
      line('脉搏', tokens.colorLevelNormal, (r) => r.hr),
    ];
  }, [readings]);
  if (readings.length === 0) {
    return <Empty description="这段时间没有血压记录" />;
  }
  return (
    <>
      <TrendChart lib={CHART_LIB} series={series} height={280} precision={0} aria-label="血压趋势图" />
      <Table<Pressure>
        className={styles.section}
        rowKey={(r) => `${r.time}-${r.sbp}-${r.dbp}-${r.hr}`}
        columns={PRESSURE_COLUMNS}
        dataSource={[...readings]}
        size="middle"
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </>
  );
}

export default function ReadingsPage() {
  const { consultId = '' } = useParams();
  const goBack = useBack(`/consults/${consultId}`);
  const readings = useConsoleData(
    (signal) =>
      api
        .GET('/console/v1/consults/{consultId}/readings', { params: { path: { consultId } }, signal })
        .then((data) => ({ data, refusal: null }))
        // A refusal (not accepted yet, cancelled, another doctor's) is the page's content, not a toast.
        .catch((error: unknown) => {
          if (isApiError(error) && (error.status === 403 || error.status === 404)) {
            return { data: null, refusal: error.errMsg };
          }
          throw error;
        }),
    [consultId],
  );
  const back = <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回咨询" onClick={goBack} />;
  const loaded = readings.data;
  if (loaded?.refusal) {
    return (
      <Card>
        <Result status="403" title={loaded.refusal} extra={back} />
      </Card>
    );
  }
  const data = loaded?.data;
  return (
    <Space direction="vertical" size="large" className={styles.wide}>
      <Card
        loading={readings.loading && !data}
        title={
          <Space>
            {back}
            <Typography.Title level={4} className={styles.title}>
              健康数据{data ? ` · ${patientText({ name: data.patient.name, sex: 0, age: null })}` : ''}
            </Typography.Title>
          </Space>
        }
        extra={
          <Button icon={<ReloadOutlined />} onClick={readings.reload}>
            刷新
          </Button>
        }
      >
        {data && (
          <>
            <Descriptions column={2} size="middle">
              <Descriptions.Item label="数据范围">
                {formatTime(data.from)} 至 {data.finished ? formatTime(data.to) : '现在'}
              </Descriptions.Item>
              <Descriptions.Item label="记录">
                血糖 {data.glucose.length} 次 · 血压 {data.pressure.length} 次 · 用药 {data.medication.length} 次
              </Descriptions.Item>
            </Descriptions>
            {data.finished && (
              <Alert
                type="info"
                showIcon
                message="咨询已结束：仅显示结束前的数据，患者之后的测量不再对你开放。"
                className={styles.section}
              />
            )}
          </>
        )}
      </Card>
      {data && (
        <>
          <Row gutter={[24, 24]}>
            {data.summaries.map((summary) => (
              <Col key={summary.period} xs={24} xl={12}>
                <SummaryCard summary={summary} />
              </Col>
            ))}
          </Row>
          <Card>
            <Tabs
              items={[
                {
                  key: 'glucose',
                  label: `血糖（${data.glucose.length}）`,
                  children: <GlucoseView readings={data.glucose} />,
                },
                {
                  key: 'pressure',
                  label: `血压（${data.pressure.length}）`,
                  children: <PressureView readings={data.pressure} />,
                },
                {
                  key: 'medication',
                  label: `用药（${data.medication.length}）`,
                  children: <MedicationView records={data.medication} />,
                },
              ]}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
