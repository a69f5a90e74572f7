import type { Schema } from '@glucoguard/sdk';
import styles from './AgreementView.module.css';

/** A legal text: title, revision date (its version), introduction and numbered sections. */
export function AgreementView({
  agreement,
  headingLevel = 1,
}: {
  agreement: Schema<'LegalText'>;
  headingLevel?: 1 | 2;
}) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Section = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <article className={styles.agreementViewArticle}>
      <Title className={styles.agreementViewTitle}>{agreement.title}</Title>
      <p className={styles.agreementViewText}>修订日期：{agreement.version}</p>
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
