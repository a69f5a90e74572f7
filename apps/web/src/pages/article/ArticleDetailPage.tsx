import { ARTICLE_HEARTBEAT_MS, ARTICLE_REWARD_TOAST_MS, articleRewardMessage, reachedBottom } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, DotLoading, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { showError } from '../../ui/toast';
import { useSession } from '../../store/session';
import { ArticleView } from './ArticleView';
import { useOpenedArticle } from './useOpenedArticle';
import styles from './ArticleDetailPage.module.css';

type Detail = Schema<'ArticleDetail'>;

/**
 * Calls `onBottom` once the end marker is on screen: by IntersectionObserver where the browser has
 * it, else by watching the window's scroll position (domain `reachedBottom`).
 */
function useReachedEnd(marker: React.RefObject<HTMLElement | null>, enabled: boolean, onBottom: () => void) {
  const callback = useRef(onBottom);
  callback.current = onBottom;
  useEffect(() => {
    const element = marker.current;
    if (!enabled || element === null) {
      return undefined;
    }
    if (typeof IntersectionObserver === 'function') {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          callback.current();
        }
      });
      observer.observe(element);
      return () => observer.disconnect();
    }
    const onScroll = () => {
      if (reachedBottom(window.scrollY, window.innerHeight, document.documentElement.scrollHeight)) {
        callback.current();
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [marker, enabled]);
}

/** Sends the read-time heartbeat every 60 s while the article is open and the page visible. */
function useHeartbeat(articleId: number | null) {
  useEffect(() => {
    if (articleId === null) {
      return undefined;
    }
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') {
        api()
          .POST('/article/content/readTime', { body: { articleId } })
          .catch(() => undefined);
      }
    }, ARTICLE_HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [articleId]);
}

function Article({ article, onPraised }: { article: Detail; onPraised: (praise: number) => void }) {
  const end = useRef<HTMLDivElement>(null);
  const completing = useRef(article.complete === 1);
  const [praising, setPraising] = useState(false);
  const [finished, setFinished] = useState(article.complete === 1);
  useHeartbeat(article.articleId);

  // Reading is complete the first time the end of the article is on screen (spec §2.10).
  useReachedEnd(end, article.complete === 0, () => {
    if (completing.current) {
      return;
    }
    completing.current = true;
    api()
      .POST('/article/content/complete', { body: { articleId: article.articleId } })
      .then(
        (result) => {
          setFinished(true);
          if (result.addScore > 0) {
            Toast.show({
              content: articleRewardMessage(result.addScore),
              position: 'center',
              duration: ARTICLE_REWARD_TOAST_MS,
            });
          }
        },
        () => {
          completing.current = false;
        },
      );
  });

  const praised = article.praised === 1;
  const onPraise = () => {
    if (praised || praising) {
      return;
    }
    setPraising(true);
    api()
      .POST('/article/content/praise', { body: { articleId: article.articleId } })
      .then(
        (result) => onPraised(result.praise),
        (error: unknown) => showError(error),
      )
      .finally(() => setPraising(false));
  };

  return (
    <ArticleView article={article}>
      <div ref={end} aria-hidden="true" className={styles.articleBox} />
      <div className={styles.articleBox2}>
        <Button
          shape="rounded"
          color={praised ? 'default' : 'primary'}
          fill={praised ? 'outline' : 'solid'}
          disabled={praised}
          loading={praising}
          onClick={onPraise}
          aria-pressed={praised}
        >
          {praised ? `已点赞 ${article.praise}` : `点赞 ${article.praise}`}
        </Button>
      </div>
      {article.addScore > 0 && (
        <p className={styles.articleText3}>{finished ? '已读完本文' : `读完本文可得${article.addScore}积分`}</p>
      )}
    </ArticleView>
  );
}

/** /articleDetails?articleId (spec §2.10): the article, reading completion at the bottom, read-time heartbeat, one-way like and the reward toast. */
export default function ArticleDetailPage() {
  const [praise, setPraise] = useState<number | null>(null);
  // Shared from here, the card opens the shared-article page with the reader's cid when registered.
  const sharer = useSession((state) => (state.isAuth === '1' ? state.customerId : null));
  const { valid, detail } = useOpenedArticle(sharer);

  if (!valid || (detail.failed && detail.data === null)) {
    return <EmptyState title="文章不存在或已下架" />;
  }
  if (detail.data === null) {
    return (
      <div className={styles.articleDetailPageBox}>
        <DotLoading />
      </div>
    );
  }
  const article = praise === null ? detail.data : { ...detail.data, praised: 1 as const, praise };
  return <Article key={article.articleId} article={article} onPraised={setPraise} />;
}
