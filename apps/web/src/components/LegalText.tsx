import { EmptyState } from '@glucoguard/ui';
import type { Schema } from '@glucoguard/sdk';
import { Button } from 'antd-mobile';
import { api } from '../api';
import { useApiData } from '../hooks/useApiData';
import { useSession } from '../store/session';
import { AgreementView } from './AgreementView';
import { PageLoading } from './PageLoading';

/** 1 the user service agreement, 2 the privacy policy (spec 1 §2.12). */
export type LegalType = Schema<'LegalText'>['type'];

/** The titles, for labels shown before the text has loaded. */
export const LEGAL_TITLES: Record<LegalType, string> = { 1: '用户服务协议', 2: '隐私政策' };

/** Parses `type` of /protocolPage: 1 the user service agreement, 2 the privacy policy. */
export function parseLegalType(value: string | null): LegalType | null {
  return value === '1' ? 1 : value === '2' ? 2 : null;
}

/**
 * One legal text, read from the API (GET /customer/v1/queryLegal, the texts' one source), with a
 * loader and a retry. The brand's name is filled in by the server from the session's source id.
 */
export function LegalTextView({ type, headingLevel = 1 }: { type: LegalType; headingLevel?: 1 | 2 }) {
  const sourceId = useSession((state) => state.sourceId);
  const text = useApiData(
    async () => (await api().GET('/customer/v1/queryLegal', { params: { query: { type } } }))[0] ?? null,
    [type, sourceId],
  );
  if (text.failed) {
    return (
      <EmptyState title="加载失败" description={`${LEGAL_TITLES[type]}暂时无法读取`}>
        <Button color="primary" size="small" onClick={text.reload}>
          重试
        </Button>
      </EmptyState>
    );
  }
  if (text.data === null) {
    return text.loading ? <PageLoading /> : <EmptyState />;
  }
  return <AgreementView agreement={text.data} headingLevel={headingLevel} />;
}
