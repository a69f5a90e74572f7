import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './afterSales.module.css';

/**
 * Rich text of a guide or a guarantee item. The API sanitises it when staff save it and again when
 * it is read; the page cleans it once more with DOMPurify (no script, no event handler, no frame,
 * no form, no `javascript:` address) before the browser parses it, so even a text that slipped past
 * the server never runs anything (docs/adr/0204-guide-rich-text-and-redirects.md).
 */
export function RichText({ html, label }: { html: string; label: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        FORBID_TAGS: ['style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select'],
        FORBID_ATTR: ['style', 'srcset'],
        ALLOW_DATA_ATTR: false,
      }),
    [html],
  );
  return <div className={styles.richText} aria-label={label} dangerouslySetInnerHTML={{ __html: clean }} />;
}
