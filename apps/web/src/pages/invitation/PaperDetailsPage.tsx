import {
  PAGE_SIZES,
  STRIPS_TOO_FEW_MESSAGE,
  STRIPS_TO_EXCHANGE,
  canExchangeStrips,
  stripProgressPercent,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { Button, Dialog, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { toast } from '../../ui/toast';
import { CardTitle, PointsHeader, PointsPage, card } from '../points/layout';
import { STRIP_EXCHANGE_OPEN, STRIP_EXCHANGE_PATH } from './exchange';
import { EXCHANGE_RULES, RuleList } from './rules';
import styles from './PaperDetailsPage.module.css';

type PaperRecord = Schema<'PaperRecord'>;

/** What 去兑换 says while the mall's goods list is not built yet. */
export const EXCHANGE_SOON = {
  title: '兑换即将开放',
  content: `试纸兑换专区正在筹备中，开放后即可在这里用${STRIPS_TO_EXCHANGE}条试纸兑换试纸商品。您的试纸会一直保留在账户中，请放心。`,
} as const;

/**
 * /paperDetails (spec 3 §2.6): the strips held (the ledger's balance), the progress towards an
 * exchange at 2 % a strip, 去兑换 (below 50 the spec's toast), the exchange rules and the ledger,
 * 10 a page, newest first.
 */
export default function PaperDetailsPage() {
  useDocumentTitle('我的试纸');
  const navigate = useNavigate();
  // Every page of the ledger carries the balance; the newest answer is shown.
  const [balance, setBalance] = useState<number | null>(null);
  const percent = stripProgressPercent(balance ?? 0);
  const ready = balance !== null && canExchangeStrips(balance);

  const exchange = () => {
    if (balance === null) {
      return;
    }
    if (!canExchangeStrips(balance)) {
      toast(STRIPS_TOO_FEW_MESSAGE);
      return;
    }
    if (STRIP_EXCHANGE_OPEN) {
      void navigate(STRIP_EXCHANGE_PATH);
      return;
    }
    void Dialog.alert({ title: EXCHANGE_SOON.title, content: EXCHANGE_SOON.content, confirmText: '知道了' });
  };

  return (
    <PointsPage>
      <PointsHeader>
        <div aria-label="我的试纸" className={styles.balance}>
          <span className={styles.balanceFigure}>{balance ?? '-'}</span>
          <span className={styles.balanceUnit}>条</span>
        </div>
        <div className={styles.balanceLabel}>我的试纸</div>
        <div
          role="progressbar"
          aria-label="兑换进度"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className={styles.progress}
        >
          <ProgressBar percent={percent} className={styles.progressBar} />
          <div className={styles.progressText}>
            {ready ? `已满${STRIPS_TO_EXCHANGE}条，可以兑换` : `满${STRIPS_TO_EXCHANGE}条可兑换 · 已完成${percent}%`}
          </div>
        </div>
        <Button
          block
          size="large"
          shape="rounded"
          className={ready ? styles.exchangeReady : styles.exchangeWaiting}
          onClick={exchange}
        >
          去兑换
        </Button>
      </PointsHeader>
      <nav aria-label="试纸入口" className={`${card} ${styles.shortcuts}`}>
        <Link to="/invitation" className={styles.shortcut}>
          邀请好友得试纸
        </Link>
        <Link to="/reward" className={styles.shortcut}>
          奖励说明
        </Link>
      </nav>
      <RuleList title="兑换规则" rules={EXCHANGE_RULES} />
      <section aria-label="试纸明细" className={card}>
        <CardTitle title="试纸明细" />
        <InfiniteList<PaperRecord>
          aria-label="试纸明细列表"
          emptyText="暂无试纸记录"
          emptyExtra="邀请亲友注册成功后，奖励的试纸会记在这里"
          itemKey={(line) => line.id}
          loadPage={async (pageNo) => {
            const page = await api().GET('/customer/v1/paperRecords', {
              params: { query: { pageNo, pageSize: PAGE_SIZES.paperRecords } },
            });
            setBalance(page.balance);
            return page;
          }}
          renderItem={(line) => (
            <div data-testid="paper-line" className={styles.line}>
              <span>
                <span className={styles.lineReason}>
                  {line.reasonText}
                  {line.invitedName === null ? null : <span className={styles.lineName}>（{line.invitedName}）</span>}
                </span>
                <span className={styles.lineTime}>{line.createTime}</span>
              </span>
              <span className={`${styles.lineDelta} ${line.delta > 0 ? styles.gain : styles.spend}`}>
                {line.delta > 0 ? `+${line.delta}` : line.delta}
              </span>
            </div>
          )}
        />
      </section>
    </PointsPage>
  );
}
