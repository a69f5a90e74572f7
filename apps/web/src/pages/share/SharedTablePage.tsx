import {
  SHARE_KIND_NAMES,
  SHARE_LINK_GONE_MESSAGE,
  SUGAR_LEVELS,
  SUGAR_TIME_TYPES,
  levelFromColor,
  sugarBand,
} from '@glucoguard/domain';
import type { LabBand, ShareKind, SugarLevel } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { isApiError } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { bandHex } from '../../components/bandPalette';
import { useDocumentTitle } from '../../components/useDocumentTitle';

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
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(`${SHARE_KIND_NAMES[kind]}数据分享`);

  useEffect(() => {
    if (token === '') {
      setState({ status: 'gone' });
      return undefined;
    }
    let live = true;
    setState({ status: 'loading' });
    loadShared(kind, token).then(
      (loaded) => live && setState({ status: 'ready', loaded }),
      (error: unknown) =>
        live && setState({ status: isApiError(error, 40400) || isApiError(error, 40000) ? 'gone' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [kind, token, attempt]);

  if (state.status === 'loading') {
    return (
      <div style={{ padding: 60, textAlign: 'center' }}>
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
        <Button size="small" color="primary" fill="outline" onClick={() => setAttempt((n) => n + 1)}>
          点击重试
        </Button>
      </EmptyState>
    );
  }
  const { loaded } = state;
  const { table } = loaded;
  const counts = [
    { label: '总次数', value: table.totalData, colour: undefined },
    { label: '正常', value: table.normalShareCount, colour: bandHex('normal') },
    { label: '偏低', value: table.lowCount, colour: bandHex('low') },
    { label: '偏高', value: table.highShareCount, colour: bandHex('high') },
  ];
  const cell = { flex: 1, padding: '10px 6px', textAlign: 'center' } as const;
  return (
    <div style={{ minHeight: '100%', background: '#f5f6f8', paddingBottom: 24 }}>
      <header style={{ background: 'var(--adm-color-primary)', color: '#fff', padding: '20px 20px 16px' }}>
        <h1 style={{ margin: 0, fontSize: 20 }}>
          {table.title !== '' ? table.title : `${SHARE_KIND_NAMES[kind]}数据表`}
        </h1>
        <div style={{ marginTop: 8, fontSize: 14 }}>
          <span aria-label="姓名">{table.nickname}</span>
          <span style={{ marginLeft: 12 }}>{table.dataTypeName}</span>
        </div>
        <div style={{ marginTop: 4, fontSize: 13, opacity: 0.9 }}>
          {table.shareStartTime.slice(0, 10)} 至 {table.shareEndTime.slice(0, 10)}
        </div>
      </header>
      <section
        aria-label="测量统计"
        style={{ display: 'flex', background: '#fff', margin: 12, borderRadius: 8, padding: '12px 0' }}
      >
        {counts.map((count) => (
          <div key={count.label} style={{ flex: 1, textAlign: 'center' }}>
            <div style={{ fontSize: 22, fontWeight: 700, color: count.colour }} aria-label={count.label}>
              {count.value}
            </div>
            <div style={{ fontSize: 12, color: 'var(--adm-color-weak)' }}>{count.label}</div>
          </div>
        ))}
      </section>
      <section style={{ background: '#fff', margin: '0 12px', borderRadius: 8, overflow: 'hidden' }}>
        {loaded.kind === 'sugar' ? (
          <>
            <div
              style={{ display: 'flex', background: '#f7f8fa', fontSize: 13, color: 'var(--adm-color-text-secondary)' }}
            >
              <div style={{ ...cell, flex: 1.6 }}>测量时间</div>
              <div style={cell}>时段</div>
              <div style={cell}>血糖(mmol/L)</div>
            </div>
            {loaded.table.items.length === 0 ? <EmptyState /> : null}
            {loaded.table.items.map((item) => {
              const band = sugarLevelBand(item.level);
              return (
                <div
                  role="row"
                  key={item.testId}
                  style={{ display: 'flex', borderTop: '1px solid #f0f0f0', fontSize: 14 }}
                >
                  <div style={{ ...cell, flex: 1.6 }}>{item.createTime.slice(0, 16)}</div>
                  <div style={cell}>{SUGAR_TIME_TYPES.find((t) => t.timeType === item.timeType)?.name ?? ''}</div>
                  <div
                    style={{ ...cell, fontWeight: 600, color: band === null ? undefined : bandHex(band) }}
                    data-band={band ?? ''}
                  >
                    {item.sugar}
                  </div>
                </div>
              );
            })}
          </>
        ) : (
          <>
            <div
              style={{ display: 'flex', background: '#f7f8fa', fontSize: 13, color: 'var(--adm-color-text-secondary)' }}
            >
              <div style={{ ...cell, flex: 1.6 }}>测量时间</div>
              <div style={cell}>血压(mm Hg)</div>
              <div style={cell}>脉搏(PM)</div>
            </div>
            {loaded.table.items.length === 0 ? <EmptyState title="暂无血压数据" /> : null}
            {loaded.table.items.map((item) => {
              const band = pressureBand(item.color);
              return (
                <div
                  role="row"
                  key={item.bpId}
                  style={{ display: 'flex', borderTop: '1px solid #f0f0f0', fontSize: 14 }}
                >
                  <div style={{ ...cell, flex: 1.6 }}>{item.createTime.slice(0, 16)}</div>
                  <div
                    style={{ ...cell, fontWeight: 600, color: band === null ? undefined : bandHex(band) }}
                    data-band={band ?? ''}
                  >
                    {item.sbp}/{item.dbp}
                  </div>
                  <div style={cell}>{item.hr}</div>
                </div>
              );
            })}
          </>
        )}
      </section>
    </div>
  );
}
