import {
  COMMENT_MAX,
  SUGAR_CELL_COLOURS,
  SUGAR_TIME_TYPES,
  TRUNCATE,
  canReplyToComment,
  diabetesTypeKind,
  feedPostKind,
  formatSugar,
  readingRecorderNote,
  truncate,
  validateComment,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { GuardedTextArea, PersonAvatar } from '@glucoguard/ui';
import { Button, Popup, Tag } from 'antd-mobile';
import { useState } from 'react';
import { api } from '../../api';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { imageUrl, useSession } from '../../store/session';
import { CELL_COLOURS } from '../reportCenter/colours';
import styles from './PostCard.module.css';

export type FeedPost = Schema<'FeedPost'>;
type Comment = Schema<'FeedComment'>;

const DIABETES_LABELS = {
  healthy: '健康',
  type1: '1型糖尿病',
  type2: '2型糖尿病',
  gestational: '妊娠糖尿病',
  unknown: '',
} as const;

/** A post's colour by the domain's feed rule (the API classified it against the owner's thresholds). */
export function feedColour(level: FeedPost['level']): string | undefined {
  return level === null ? undefined : CELL_COLOURS[SUGAR_CELL_COLOURS[level]];
}

function Reading({ post }: { post: FeedPost }) {
  const colour = feedColour(post.level);
  const value =
    feedPostKind(post.type) === 'bloodPressure' ? (
      <>
        <span>血压</span>
        <strong aria-label="测量值" data-colour={colour} className={styles.readingStrong} style={{ color: colour }}>
          {post.sbp}/{post.dbp}
        </strong>
        <span className={styles.readingText}>mm Hg · 脉搏 {post.hr} PM</span>
      </>
    ) : (
      <>
        <span>{SUGAR_TIME_TYPES.find((t) => t.timeType === post.timeType)?.name ?? ''}血糖</span>
        <strong aria-label="测量值" data-colour={colour} className={styles.readingStrong} style={{ color: colour }}>
          {post.sugar === null ? '' : formatSugar(post.sugar)}
        </strong>
        <span className={styles.readingText}>mmol/L</span>
      </>
    );
  return (
    <div className={styles.readingBox}>
      {value}
      {post.urgent ? (
        <Tag color="danger" className={styles.readingTag}>
          紧急
        </Tag>
      ) : null}
      {post.deviceImei === null ? null : (
        <Tag fill="outline" className={styles.readingTag}>
          设备测量
        </Tag>
      )}
    </div>
  );
}

/**
 * One post of the friends' feed (spec 2 §2.16, §3 "Feed post", §4): who measured, where and when,
 * the reading coloured by the feed rule, remarks and tags, likes (once; the button is off while the
 * like is sent) and comments with replies (nobody replies to their own comment).
 */
export function PostCard({ post: initial }: { post: FeedPost }) {
  const [post, setPost] = useState(initial);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const [composing, setComposing] = useState(false);
  const [content, setContent] = useState('');
  const me = useSession((state) => state.customerId);
  const imgDomain = useSession((state) => state.imgDomain);
  // The like button is off while its request runs (spec 2 §4), without the form loader.
  const [liking, setLiking] = useState(false);
  const send = useSubmitGuard();

  const refresh = async () => {
    const read = await api().GET('/tangyou/v1/dynamic', { params: { query: { testId: post.testId } } });
    if (read.post) {
      setPost(read.post);
    }
  };

  const praise = async () => {
    if (liking) {
      return;
    }
    setLiking(true);
    try {
      await api().POST('/tangyou/v1/addPraise', { body: { testId: post.testId } });
      await refresh();
    } catch (error) {
      showError(error);
    } finally {
      setLiking(false);
    }
  };

  const openComment = (comment: Comment | null) => {
    if (comment !== null && me !== null && !canReplyToComment(comment, me)) {
      toast('不能回复自己的评论');
      return;
    }
    setReplyTo(comment);
    setContent('');
    setComposing(true);
  };

  const submit = () => {
    const check = validateComment(content);
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void send.run(async () => {
      try {
        await api().POST('/tangyou/v1/addComment', {
          body: { testId: post.testId, content: content.trim(), ...(replyTo && { replyCommentId: replyTo.commentId }) },
        });
        await refresh();
        return () => setComposing(false);
      } catch (error) {
        return () => showError(error);
      }
    });
  };

  const place = truncate(
    `${post.province ?? ''}${post.city === post.province ? '' : (post.city ?? '')}${post.district ?? ''}`,
    TRUNCATE.feedLocation,
  );
  const diabetes = DIABETES_LABELS[diabetesTypeKind(post.diabetesType)];
  return (
    <article aria-label={`${post.customerNote}的动态`} className={styles.postCardArticle}>
      <header className={styles.postCardHeader}>
        <PersonAvatar name={post.customerNote} url={imageUrl(post.headimgurl, imgDomain)} sex={post.sex} />
        <div className={styles.postCardBox}>
          <div className={styles.postCardBox2}>
            {truncate(post.customerNote, TRUNCATE.feedNickname)}
            {diabetes ? <span className={styles.postCardText}>{diabetes}</span> : null}
          </div>
          <div className={styles.postCardBox3}>
            {post.createTime.slice(0, 16)}
            {place ? ` · ${place}` : ''}
          </div>
        </div>
      </header>
      <Reading post={post} />
      {post.recorder === null ? null : (
        <div aria-label="记录人" className={styles.recorder}>
          {readingRecorderNote(post.recorder.nickname, post.recorder.customerId === me)}
        </div>
      )}
      {post.tags.length > 0 || post.remark ? (
        <div className={styles.postCardBox4}>
          {[...post.tags.map((t) => t.itemValue), post.remark].filter((t) => t !== '').join(' · ')}
        </div>
      ) : null}
      <div className={styles.postCardBox5}>
        <Button
          size="mini"
          fill="outline"
          disabled={post.praised || liking}
          aria-label={post.praised ? '已赞' : '点赞'}
          onClick={() => void praise()}
        >
          {post.praised ? '已赞' : '赞'} {post.praiseSize > 0 ? post.praiseSize : ''}
        </Button>
        <Button size="mini" fill="outline" aria-label="评论" onClick={() => openComment(null)}>
          评论 {post.commentSize > 0 ? post.commentSize : ''}
        </Button>
      </div>
      {post.praises.length > 0 || post.comments.length > 0 ? (
        <div className={styles.postCardBox6}>
          {post.praises.length > 0 ? (
            <div aria-label="点赞的人">♥ {post.praises.map((p) => p.customerName).join('、')}</div>
          ) : null}
          {post.comments.map((comment) => (
            <div
              key={comment.commentId}
              role="button"
              tabIndex={0}
              aria-label={`回复${comment.customerName}`}
              onClick={() => openComment(comment)}
              onKeyDown={(e) => e.key === 'Enter' && openComment(comment)}
              className={styles.postCardBox7}
            >
              <span className={styles.postCardText2}>{comment.customerName}</span>
              {comment.replyName ? (
                <>
                  {' 回复 '}
                  <span className={styles.postCardText2}>{comment.replyName}</span>
                </>
              ) : null}
              ：{comment.content}
            </div>
          ))}
        </div>
      ) : null}
      <Popup
        visible={composing}
        onMaskClick={() => setComposing(false)}
        onClose={() => setComposing(false)}
        bodyStyle={{ padding: 16 }}
      >
        <div role="dialog" aria-label={replyTo ? `回复${replyTo.customerName}` : '发表评论'}>
          {/* antd-mobile puts aria-label on the wrapper, so the text area is named by a label of its own. */}
          <label htmlFor={`comment-${post.testId}`} className={styles.postCardLabel}>
            评论内容
          </label>
          <GuardedTextArea
            id={`comment-${post.testId}`}
            placeholder={replyTo ? `回复${replyTo.customerName}` : '说点什么吧'}
            rows={3}
            maxLength={COMMENT_MAX}
            value={content}
            onChange={setContent}
          />
          <Button block color="primary" className={styles.postCardButton} disabled={send.busy} onClick={submit}>
            发送
          </Button>
        </div>
      </Popup>
    </article>
  );
}
