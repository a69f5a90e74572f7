import type { ReactNode } from 'react';
import styles from './ArticleView.module.css';

/** What an article shows, as the API's article detail gives it. */
export interface ArticleShown {
  title: string;
  typeName: string;
  createTime: string;
  readNum: number;
  picUrl: string | null;
  content: string;
}

/**
 * The one way an article is shown (spec §2.10), in the app and on its shared page: title, type,
 * date and reads, the picture, the text and the disclaimer; a page adds what follows (the like
 * button and reward, or the follow QR code) as children.
 */
export function ArticleView({ article, children }: { article: ArticleShown; children?: ReactNode }) {
  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{article.title}</h1>
      <p className={styles.meta}>
        {article.typeName} · {article.createTime.slice(0, 10)} · 阅读 {article.readNum}
      </p>
      {article.picUrl && <img src={article.picUrl} alt="" className={styles.image} />}
      <ArticleBody content={article.content} />
      <p className={styles.disclaimer}>本文为健康科普，不能代替医生的诊断和治疗；如有不适请及时就医。</p>
      {children}
    </article>
  );
}

/**
 * An article's text: paragraphs separated by blank lines, a line starting with "## " is a heading.
 * Plain text only — nothing from the server is ever rendered as HTML.
 */
function ArticleBody({ content }: { content: string }) {
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
