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
    <div style={{ fontSize: 16, lineHeight: 1.8, color: 'var(--adm-color-text)' }}>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        const heading = lines[0]?.startsWith('## ') ? lines[0].slice(3) : null;
        const rest = heading === null ? lines : lines.slice(1);
        return (
          <section key={index}>
            {heading !== null && <h2 style={{ margin: '20px 0 4px', fontSize: 17 }}>{heading}</h2>}
            {rest.map((line, i) => (
              <p key={i} style={{ margin: '10px 0 0' }}>
                {line}
              </p>
            ))}
          </section>
        );
      })}
    </div>
  );
}
