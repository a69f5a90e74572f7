import { FOLLOW_MESSAGES, unreadMessageKind } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, PersonAvatar } from '@glucoguard/ui';
import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../session/errors';
import { imageUrl, useSession } from '../../store/session';

type Message = Schema<'UnreadMessage'>;
const KIND_TEXT = { like: '赞了你的动态', comment: '评论了你的动态', reply: '回复了你' } as const;

/** A post on its own page (spec: newMessageDetail?newMessageTestId). */
export const postDetailPath = (testId: string) =>
  `/tangyouCircle/newMessageDetail?${new URLSearchParams({ newMessageTestId: testId }).toString()}`;

/**
 * /tangyouCircle/newMessageList (spec 2 §2.16): unread likes, comments and replies. Opening the
 * list marks them all read (updateAllReadStatus), so the feed's badge is gone on return.
 */
export default function NewMessageListPage() {
  useDocumentTitle('新消息');
  const navigate = useNavigate();
  const imgDomain = useSession((state) => state.imgDomain);
  const [messages, setMessages] = useState<Message[] | null>(null);

  useEffect(() => {
    let live = true;
    api()
      .GET('/tangyou/v1/getUnreadCommentList', { params: { query: { pageNo: 1, pageSize: 100 } } })
      .then(async (page) => {
        if (live) {
          setMessages(page.items);
        }
        if (page.items.length > 0) {
          await api().POST('/tangyou/v1/updateAllReadStatus', { body: {} });
        }
      })
      .catch((error: unknown) => {
        if (live) {
          setMessages([]);
          showError(error);
        }
      });
    return () => {
      live = false;
    };
  }, []);

  if (messages === null) {
    return (
      <div style={{ padding: 24, textAlign: 'center' }}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }
  if (messages.length === 0) {
    return <EmptyState title={FOLLOW_MESSAGES.emptyUnread} />;
  }
  return (
    <ul aria-label="新消息" style={{ listStyle: 'none', margin: 0, padding: 0, background: '#fff' }}>
      {messages.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            onClick={() => void navigate(postDetailPath(m.testId))}
            style={{
              display: 'flex',
              gap: 12,
              width: '100%',
              padding: '12px 16px',
              border: 'none',
              borderBottom: '1px solid var(--adm-color-border)',
              background: 'none',
              textAlign: 'left',
            }}
          >
            <PersonAvatar name={m.customerName} url={imageUrl(m.headimgurl, imgDomain)} />
            <span style={{ flex: 1, minWidth: 0 }}>
              <span style={{ display: 'block', fontSize: 15 }}>
                <strong>{m.customerName}</strong> {KIND_TEXT[unreadMessageKind(m.commentType)]}
              </span>
              {m.content ? <span style={{ display: 'block', fontSize: 14, marginTop: 2 }}>{m.content}</span> : null}
              <span style={{ display: 'block', fontSize: 12, color: 'var(--adm-color-weak)', marginTop: 2 }}>
                {m.createTime.slice(0, 16)}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
