import {
  SHARE_KIND_NAMES,
  SHARE_PERIOD_CHOICES,
  SHARE_VALIDITY_CHOICES,
  SHARE_VALIDITY_DEFAULT_DAYS,
  formatChinaTime,
  sharePeriod,
  shareUrl,
} from '@glucoguard/domain';
import type { ShareKind } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, GuardedInput } from '@glucoguard/ui';
import { Button, Dialog, DotLoading, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { copyText } from '../../ui/clipboard';
import { showError, toast } from '../../ui/toast';
import styles from './ShareManagePage.module.css';

type ShareLinkInfo = Schema<'ShareLinkInfo'>;

/** Asked before a link is revoked. */
const REVOKE_CONFIRM = '撤销后，拿到链接的人将无法再查看，确定撤销吗?';
const KINDS: ShareKind[] = ['sugar', 'bloodPressure'];

function parseKind(value: string | null): ShareKind {
  return value === 'bloodPressure' ? 'bloodPressure' : 'sugar';
}

/**
 * /share/manage?kind=sugar|bloodPressure: the owner makes a link to the sugar or pressure table of
 * the latest 7, 30 or 90 days, valid 1, 7 or 30 days, copies it once (the token is shown only
 * here), and lists and revokes the links that still work.
 */
export default function ShareManagePage() {
  useDocumentTitle('分享数据');
  const [params] = useSearchParams();
  const [kind, setKind] = useState<ShareKind>(parseKind(params.get('kind')));
  const [period, setPeriod] = useState<number>(SHARE_PERIOD_CHOICES[1]);
  const [validity, setValidity] = useState<number>(SHARE_VALIDITY_DEFAULT_DAYS);
  const [title, setTitle] = useState('');
  const [created, setCreated] = useState<{ url: string; expiresAt: string } | null>(null);
  const { busy, run } = useSubmitGuard({ loader: false });

  const list = useApiData(() => api().GET('/share/v1/list'), '', { onError: showError });
  const links: ShareLinkInfo[] | null = list.failed ? [] : list.data;
  const loadLinks = list.reload;

  const create = () =>
    run(async () => {
      try {
        const answer = await api().POST('/share/v1/create', {
          body: {
            kind,
            ...sharePeriod(Date.now(), period),
            days: validity,
            ...(title.trim() === '' ? {} : { title: title.trim() }),
          },
        });
        setCreated({ url: shareUrl(window.location.origin, kind, answer.token), expiresAt: answer.expiresAt });
        loadLinks();
      } catch (error) {
        showError(error);
      }
      return undefined;
    });

  const revoke = async (link: ShareLinkInfo) => {
    if (!(await Dialog.confirm({ content: REVOKE_CONFIRM }))) {
      return;
    }
    try {
      await api().POST('/share/v1/revoke', { body: { shareId: link.shareId } });
      toast('已撤销');
      loadLinks();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className={styles.shareManagePageBox}>
      <section className={styles.section} aria-label="生成分享链接">
        <div className={styles.label}>分享哪张表</div>
        <Selector
          aria-label="分享哪张表"
          options={KINDS.map((k) => ({ label: `${SHARE_KIND_NAMES[k]}数据表`, value: k }))}
          value={[kind]}
          onChange={(v) => v[0] && setKind(v[0])}
        />
        <div className={styles.label}>数据范围</div>
        <Selector
          aria-label="数据范围"
          options={SHARE_PERIOD_CHOICES.map((d) => ({ label: `近${d}天`, value: d }))}
          value={[period]}
          onChange={(v) => v[0] && setPeriod(v[0])}
        />
        <div className={styles.label}>链接有效期</div>
        <Selector
          aria-label="链接有效期"
          options={SHARE_VALIDITY_CHOICES.map((d) => ({ label: `${d}天`, value: d }))}
          value={[validity]}
          onChange={(v) => v[0] && setValidity(v[0])}
        />
        <div className={styles.label}>标题（选填）</div>
        <GuardedInput
          aria-label="标题"
          placeholder="例如：给王医生看的血糖"
          maxLength={20}
          value={title}
          onChange={setTitle}
          clearable
        />
        <Button
          block
          color="primary"
          className={styles.shareManagePageButton}
          disabled={busy}
          onClick={() => void create()}
        >
          生成分享链接
        </Button>
        <p className={styles.shareManagePageText}>
          拿到链接的人无需登录即可查看这段时间的数据，姓名会打码显示。链接到期或撤销后即失效。
        </p>
      </section>
      {created === null ? null : (
        <section className={styles.section} aria-label="新链接">
          <div className={styles.label}>新链接（只显示这一次，请复制保存）</div>
          <div data-testid="share-url" className={styles.shareManagePageBox2}>
            {created.url}
          </div>
          <div className={styles.shareManagePageBox3}>
            有效期至 {formatChinaTime(Date.parse(created.expiresAt), 'YYYY-MM-DD HH:mm')}
          </div>
          <Button
            block
            color="primary"
            fill="outline"
            className={styles.shareManagePageButton2}
            onClick={() => void copyText(created.url).then((ok) => toast(ok ? '链接已复制' : '请长按链接手动复制'))}
          >
            复制链接
          </Button>
        </section>
      )}
      <section className={styles.section} aria-label="有效的分享链接">
        <div className={`${styles.label} ${styles.strongLabel}`}>有效的分享链接</div>
        {links === null ? <DotLoading aria-label="加载中" /> : null}
        {links?.length === 0 ? <EmptyState title="暂无分享链接" /> : null}
        {links?.map((link) => (
          <div key={link.shareId} role="listitem" className={styles.shareManagePageBox4}>
            <div className={styles.shareManagePageBox5}>
              <div>
                {SHARE_KIND_NAMES[link.kind]}数据表{link.title === '' ? '' : ` · ${link.title}`}
              </div>
              <div className={styles.shareManagePageBox6}>
                {link.shareStartTime.slice(0, 10)} 至 {link.shareEndTime.slice(0, 10)}，有效期至{' '}
                {formatChinaTime(Date.parse(link.expiresAt), 'MM-DD HH:mm')}
              </div>
            </div>
            <Button size="small" color="danger" fill="outline" onClick={() => void revoke(link)}>
              撤销
            </Button>
          </div>
        ))}
      </section>
    </div>
  );
}
