import { POINTS_RULE_TEXTS, RANK_RULE_TEXTS } from '@glucoguard/domain';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { CardTitle, PointsPage, card } from './layout';
import styles from './RulePage.module.css';

/**
 * /integralRule, /pointRule and /rankRule (spec 1 §2.8). The spec shows one rule image on each;
 * we show the rules as text from packages/domain, so they stay true to what the server does and
 * can be read aloud and enlarged.
 */
export default function RulePage({ kind }: { kind: 'points' | 'ranking' }) {
  const title = kind === 'points' ? '积分规则' : '排行榜规则';
  useDocumentTitle(title);
  const texts = kind === 'points' ? POINTS_RULE_TEXTS : RANK_RULE_TEXTS;
  return (
    <PointsPage>
      <section aria-label={title} className={card}>
        <CardTitle title={title} />
        <ol className={styles.rulePageList}>
          {texts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ol>
      </section>
    </PointsPage>
  );
}
