import type { Agreement } from '../content/agreements';
import styles from './AgreementView.module.css';

/** An agreement's text: title, revision date, introduction and numbered sections. */
export function AgreementView({ agreement, headingLevel = 1 }: { agreement: Agreement; headingLevel?: 1 | 2 }) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Section = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <article className={styles.agreementViewArticle}>
      <Title className={styles.agreementViewTitle}>{agreement.title}</Title>
      <p className={styles.agreementViewText}>修订日期：{agreement.revised}</p>
      {agreement.intro.map((text) => (
        <p key={text} className={styles.agreementViewText2}>
          {text}
        </p>
      ))}
      {agreement.sections.map((section) => (
        <section key={section.heading}>
          <Section className={styles.agreementViewSection}>{section.heading}</Section>
          {section.paragraphs.map((text) => (
            <p key={text} className={styles.agreementViewText3}>
              {text}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
