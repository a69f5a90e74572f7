import { useEffect, useState } from 'react';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../store/session';

/** /set/aboutUs: brand name, what the product does and the running version (from the health check). */
export default function AboutUsPage() {
  useDocumentTitle('关于我们');
  const brand = brandOf(useSession((state) => state.sourceId));
  const [version, setVersion] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    api()
      .GET('/healthz')
      .then(
        (health) => alive && setVersion(health.version),
        () => alive && setVersion(''),
      );
    return () => {
      alive = false;
    };
  }, []);

  return (
    <div
      style={{
        minHeight: '100%',
        background: 'var(--adm-color-background)',
        padding: '48px 24px',
        textAlign: 'center',
      }}
    >
      <div
        aria-hidden="true"
        style={{
          width: 72,
          height: 72,
          margin: '0 auto 16px',
          borderRadius: 20,
          background:
            'linear-gradient(160deg, var(--adm-color-primary), var(--brand-color-deep, var(--adm-color-primary)))',
          color: '#fff',
          fontSize: 30,
          fontWeight: 700,
          lineHeight: '72px',
        }}
      >
        {brand.name.slice(0, 1)}
      </div>
      <h1 style={{ margin: 0, fontSize: 22 }}>{brand.name}</h1>
      <p style={{ margin: '8px 0 24px', fontSize: 13, color: 'var(--adm-color-weak)' }}>
        {version ? `版本 ${version}` : '\u00a0'}
      </p>
      <p
        style={{
          margin: 0,
          fontSize: 14,
          lineHeight: 1.8,
          color: 'var(--adm-color-text-secondary)',
          textAlign: 'left',
        }}
      >
        {brand.name}
        为糖尿病和高血压患者及其亲友提供日常健康管理：记录血糖、血压、体重等数据并生成周报和月报，绑定血糖仪自动同步测量结果，在线咨询认证医生、购药，还可以邀请亲友一起关注您的健康。
      </p>
    </div>
  );
}
