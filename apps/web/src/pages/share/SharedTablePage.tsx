import {
  SHARE_KIND_NAMES,
  SHARE_LINK_GONE_MESSAGE,
  SUGAR_LEVELS,
  SUGAR_TIME_TYPES,
  formatSugar,
  levelFromColor,
  sugarBand,
} from '@glucoguard/domain';
import type { LabBand, ShareKind, SugarLevel } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { isApiError } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, DotLoading } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { bandHex } from '../../components/bandPalette';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import styles from './SharedTablePage.module.css';

type SugarTable = Schema<'SharedSugarTable'>;
type PressureTable = Schema<'SharedPressureTable'>;
type Loaded = { kind: 'sugar'; table: SugarTable } | { kind: 'bloodPressure'; table: PressureTable };
type State = { status: 'loading' } | { status: 'gone' } | { status: 'failed' } | { status: 'ready'; loaded: Loaded };

async function loadShared(kind: ShareKind, token: string): Promise<Loaded> {
  if (kind === 'sugar') {
    return { kind, table: await api().GET('/share/v1/bloodSugarTable', { params: { query: { token } } }) };
  }
  return { kind, table: await api().GET('/share/v1/bloodPressureTable', { params: { query: { token } } }) };
}

function sugarLevelBand(level: string | null): LabBand | null {
  return (SUGAR_LEVELS as readonly string[]).includes(level ?? '') ? sugarBand(level as SugarLevel) : null;
}

function pressureBand(color: number | null): LabBand | null {
  return color === null ? null : (levelFromColor(color) ?? null);
}

/**
 * The public share pages (spec 2 §2.18): the table behind a share link's token, with the owner's
 * masked name, the counts (total, normal, low, high) and the readings coloured by their level. They
 * skip sign-in; an expired, revoked or unknown link shows 分享链接已失效.
 */
export function SharedTablePage({ kind }: { kind: ShareKind }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentTitle(`${SHARE_KIND_NAMES[kind]}数据分享`);
  const read = useApiData(() => loadShared(kind, token), [kind, token], { enabled: token !== '', clear: true });
  const state: State =
    token === ''
      ? { status: 'gone' }
      : read.data !== null
        ? { status: 'ready', loaded: read.data }
        : read.failed
          ? { status: isApiError(read.error, 40400) || isApiError(read.error, 40000) ? 'gone' : 'failed' }
          : { status: 'loading' };

  if (state.status === 'loading') {
    return (
      <div className={styles.sharedTablePageBox}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }
  if (state.status === 'gone') {
    return <EmptyState title={SHARE_LINK_GONE_MESSAGE} description="请联系分享人重新生成链接" />;
  }
  if (state.status === 'failed') {
    return (
      <EmptyState title="加载失败">
        <Button size="small" color="primary" fill="outline" onClick={read.reload}>
          点击重试
        </Button>
      </EmptyState>
    );
  }
  const { loaded } = state;
  const { table } = loaded;
  const counts = [
    { label: '总次数', value: table.totalData, colour: undefined },
    // The order of the report screens' counts (domain SUGAR_COUNT_ORDER): normal, high, low.
    { label: '正常', value: table.normalShareCount, colour: bandHex('normal') },
    { label: '偏高', value: table.highShareCount, colour: bandHex('high') },
    { label: '偏低', value: table.lowCount, colour: bandHex('low') },
  ];
  return (
    <div className={styles.sharedTablePageBox2}>
      <header className={styles.sharedTablePageHeader}>
        <h1 className={styles.sharedTablePageTitle}>
          {table.title !== '' ? table.title : `${SHARE_KIND_NAMES[kind]}数据表`}
        </h1>
        <div className={styles.sharedTablePageBox3}>
          <span aria-label="姓名">{table.nickname}</span>
          <span className={styles.sharedTablePageText}>{table.dataTypeName}</span>
        </div>
        <div className={styles.sharedTablePageBox4}>
          {table.shareStartTime.slice(0, 10)} 至 {table.shareEndTime.slice(0, 10)}
        </div>
      </header>
      <section aria-label="测量统计" className={styles.sharedTablePageSection}>
        {counts.map((count) => (
          <div key={count.label} className={styles.sharedTablePageBox5}>
            <div className={styles.sharedTablePageBox6} style={{ color: count.colour }} aria-label={count.label}>
              {count.value}
            </div>
            <div className={styles.sharedTablePageBox7}>{count.label}</div>
          </div>
        ))}
      </section>
      <section className={styles.sharedTablePageSection2}>
        {loaded.kind === 'sugar' ? (
          <>
            <div className={styles.sharedTablePageBox8}>
              <div className={`${styles.cell} ${styles.cellVariant}`}>测量时间</div>
              <div className={styles.cell}>时段</div>
              <div className={styles.cell}>血糖(mmol/L)</div>
            </div>
            {loaded.table.items.length === 0 ? <EmptyState /> : null}
            {loaded.table.items.map((item) => {
              const band = sugarLevelBand(item.level);
              return (
                <div role="row" key={item.testId} className={styles.sharedTablePageBox9}>
                  <div className={`${styles.cell} ${styles.cellVariant}`}>{item.createTime.slice(0, 16)}</div>
                  <div className={styles.cell}>
                    {SUGAR_TIME_TYPES.find((t) => t.timeType === item.timeType)?.name ?? ''}
                  </div>
                  <div
                    className={`${styles.cell} ${styles.cellVariant2}`}
                    style={{ color: band === null ? undefined : bandHex(band) }}
                    data-band={band ?? ''}
                  >
                    {formatSugar(item.sugar)}
                  </div>
                </div>
              );
            })}
          </>
        ) : (
          <>
            <div className={styles.sharedTablePageBox8}>
              <div className={`${styles.cell} ${styles.cellVariant}`}>测量时间</div>
              <div className={styles.cell}>血压(mm Hg)</div>
              <div className={styles.cell}>脉搏(PM)</div>
            </div>
            {loaded.table.items.length === 0 ? <EmptyState title="暂无血压数据" /> : null}
            {loaded.table.items.map((item) => {
              const band = pressureBand(item.color);
              return (
                <div role="row" key={item.bpId} className={styles.sharedTablePageBox9}>
                  <div className={`${styles.cell} ${styles.cellVariant}`}>{item.createTime.slice(0, 16)}</div>
                  <div
                    className={`${styles.cell} ${styles.cellVariant2}`}
                    style={{ color: band === null ? undefined : bandHex(band) }}
                    data-band={band ?? ''}
                  >
                    {item.sbp}/{item.dbp}
                  </div>
                  <div className={styles.cell}>{item.hr}</div>
                </div>
              );
            })}
          </>
        )}
      </section>
    </div>
  );
}
