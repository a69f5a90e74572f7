import type { Agreement } from '../content/agreements';

/** An agreement's text: title, revision date, introduction and numbered sections. */
export function AgreementView({ agreement, headingLevel = 1 }: { agreement: Agreement; headingLevel?: 1 | 2 }) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Section = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <article style={{ padding: '16px 18px 32px', lineHeight: 1.75, fontSize: 14, color: 'var(--adm-color-text)' }}>
      <Title style={{ margin: '0 0 4px', fontSize: 20, textAlign: 'center' }}>{agreement.title}</Title>
      <p style={{ margin: '0 0 12px', textAlign: 'center', fontSize: 12, color: 'var(--adm-color-weak)' }}>
        修订日期：{agreement.revised}
      </p>
      {agreement.intro.map((text) => (
        <p key={text} style={{ margin: '0 0 8px', textIndent: '2em' }}>
          {text}
        </p>
      ))}
      {agreement.sections.map((section) => (
        <section key={section.heading}>
          <Section style={{ margin: '16px 0 6px', fontSize: 16 }}>{section.heading}</Section>
          {section.paragraphs.map((text) => (
            <p key={text} style={{ margin: '0 0 6px' }}>
              {text}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
