import styles from './ArticleBody.module.css';
/**
 * An article's text: paragraphs separated by blank lines, a line starting with "## " is a heading.
 * Plain text only — nothing from the server is ever rendered as HTML.
 */
export function ArticleBody({ content }: { content: string }) {
  const blocks = content
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '');
  return (
    <div className={styles.articleBodyBox}>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        const heading = lines[0]?.startsWith('## ') ? lines[0].slice(3) : null;
        const rest = heading === null ? lines : lines.slice(1);
        return (
          <section key={index}>
            {heading !== null && <h2 className={styles.articleBodyHeading}>{heading}</h2>}
            {rest.map((line, i) => (
              <p key={i} className={styles.articleBodyText}>
                {line}
              </p>
            ))}
          </section>
        );
      })}
    </div>
  );
}
