// 医患沟通: the doctor's own chat sessions (newest activity first, unread counts shown 99+ above 99)
// and the open conversation. The list moves with the connection's messages, without polling.
import { Badge, Card, Empty, List, Result, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '@glucoguard/sdk';
import { unreadBadge } from '@glucoguard/domain';
import type { ChatMessage } from '@glucoguard/ui/chat';
import { api } from '../../api';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { Conversation } from './Conversation';
import { sessionsAfterMessage, type ConsoleChatSession } from './sessionList';
import styles from './ChatPage.module.css';

type Session = ConsoleChatSession;

/**
 * A session asked for by address (`?sessionId=`, e.g. a link from a consultation) that is not in the
 * doctor's list: the server decides, and anything not the doctor's own is refused (the same 403
 * whether it exists or not).
 */
function useAskedSession(asked: string | null, sessions: readonly Session[], loaded: boolean) {
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    setRefusal(null);
    if (asked === null || !loaded || sessions.some((s) => s.sessionId === asked)) {
      return;
    }
    api.GET('/console/v1/chat/messages', { params: { query: { sessionId: asked, pageSize: 1 } } }).then(
      () => setRefusal(null),
      (error: unknown) => setRefusal(isApiError(error) ? error.errMsg : String(error)),
    );
  }, [asked, loaded, sessions]);
  return refusal;
}

export default function ChatPage() {
  const list = useConsoleData((signal) => api.GET('/console/v1/chat/sessions', { params: { query: {} }, signal }));
  const [sessions, setSessions] = useState<Session[]>([]);
  const [params, setParams] = useSearchParams();
  const asked = params.get('sessionId');
  const [openId, setOpenId] = useState<string | null>(asked);
  const refusal = useAskedSession(asked, sessions, list.data !== undefined);
  const choose = (sessionId: string) => {
    setOpenId(sessionId);
    setParams({ sessionId }, { replace: true });
  };

  useEffect(() => {
    if (list.data) {
      setSessions(list.data.items);
      setOpenId((current) => current ?? list.data?.items[0]?.sessionId ?? null);
    }
  }, [list.data]);

  // Opening a session reads it: its count goes to zero here and on the server.
  const listed = list.data?.items.some((s) => s.sessionId === openId) ?? false;
  useEffect(() => {
    if (openId === null || !listed) {
      return;
    }
    setSessions((all) => all.map((s) => (s.sessionId === openId ? { ...s, unreadCount: 0 } : s)));
    api.POST('/console/v1/chat/read', { body: { sessionId: openId } }).catch(list.fail);
  }, [openId, listed, list.fail]);

  // The connection's messages move the list (a session it does not hold yet: read the list again).
  const { reload } = list;
  const heard = useCallback(
    (message: ChatMessage) => {
      if (sessionsAfterMessage(sessions, message, openId) === null) {
        reload();
        return;
      }
      setSessions((all) => sessionsAfterMessage(all, message, openId) ?? all);
    },
    [sessions, openId, reload],
  );

  const open = sessions.find((s) => s.sessionId === openId);
  return (
    <div className={styles.page}>
      <Typography.Title level={3} className={styles.pageTitle}>
        医患沟通
      </Typography.Title>
      <div className={styles.columns}>
        <Card className={styles.sessions} title="我的会话" size="small" loading={list.loading && sessions.length === 0}>
          <List
            dataSource={sessions}
            locale={{ emptyText: <Empty description="暂无会话：患者发起咨询后会出现在这里" /> }}
            renderItem={(session) => (
              <List.Item
                className={session.sessionId === openId ? styles.sessionOpen : styles.session}
                data-testid="chat-session"
              >
                <button
                  type="button"
                  className={styles.sessionButton}
                  aria-current={session.sessionId === openId}
                  onClick={() => choose(session.sessionId)}
                >
                  <span className={styles.sessionName}>
                    {session.patient?.nickname || '患者'}
                    <Badge count={unreadBadge(session.unreadCount)} className={styles.badge} />
                  </span>
                  <span className={styles.sessionLast}>{session.lastMessage?.summary ?? '还没有消息'}</span>
                  <span className={styles.sessionTime}>
                    {session.lastMessage ? formatTime(new Date(session.lastMessage.time).toISOString()) : ''}
                  </span>
                </button>
              </List.Item>
            )}
          />
        </Card>
        <Card className={styles.chat} size="small">
          {refusal ? (
            <Result status="403" title={refusal} subTitle="只能查看你自己接诊的会话。" />
          ) : open ? (
            <Conversation key={open.sessionId} session={open} onMessage={heard} />
          ) : (
            <Empty description="选择左侧的会话" />
          )}
        </Card>
      </div>
    </div>
  );
}
