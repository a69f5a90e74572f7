import { REGISTER_PATH } from '@glucoguard/domain';
import { ChatPanel } from '@glucoguard/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { isRegistered, useSession } from '../../store/session';

function Intro() {
  return (
    <div
      style={{
        margin: '4px 0 8px',
        padding: '14px 16px',
        borderRadius: 12,
        background: 'var(--adm-color-background)',
        lineHeight: 1.6,
        fontSize: 14,
        color: 'var(--adm-color-text-secondary)',
      }}
    >
      <div style={{ fontSize: 16, fontWeight: 600, color: 'var(--adm-color-text)', marginBottom: 4 }}>您好，我是AI健康助手</div>
      可以为您解答血糖、血压、饮食、运动和用药方面的常见问题。回答仅供参考，不能代替医生的诊断和治疗。
    </div>
  );
}

/**
 * The AI assistant tab (spec 2.7). The streaming chat arrives with its own issue; until a
 * customer is signed in, the input stays disabled and says why.
 */
export default function AiTab() {
  useDocumentTitle('AI助手');
  const signedIn = useSession((state) => isRegistered(state.customer) && state.token !== null);
  const [draft, setDraft] = useState('');

  const blockedNote = signedIn ? (
    'AI对话功能即将开放，敬请期待。'
  ) : (
    <>
      AI助手需要登录后使用，请先<Link to={REGISTER_PATH}>注册登录</Link>。
    </>
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', background: 'var(--adm-color-box)' }}>
      <header
        style={{
          flex: 'none',
          padding: 'calc(12px + env(safe-area-inset-top, 0px)) 16px 12px',
          textAlign: 'center',
          fontSize: 17,
          fontWeight: 600,
          background: 'var(--adm-color-background)',
          borderBottom: '1px solid var(--adm-color-border)',
        }}
      >
        <h1 style={{ margin: 0, fontSize: 'inherit' }}>AI助手</h1>
      </header>
      <div style={{ flex: '1 1 auto', minHeight: 0 }}>
        <ChatPanel messages={[]} draft={draft} onDraftChange={setDraft} onSend={() => undefined} blockedNote={blockedNote} emptyHint={<Intro />} />
      </div>
    </div>
  );
}
