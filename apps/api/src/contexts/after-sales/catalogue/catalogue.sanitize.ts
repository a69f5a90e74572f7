// The rich text of guides and guarantee items (spec 3 §2.8 /productUseSkill, /guaranteeDetail) is
// HTML written in the console's editor. It is cleaned with sanitize-html when it is saved and again
// when it is read, so a row written before a rule tightened, or put in the table by hand, is still
// served clean (docs/adr/0196-rich-text-sanitised-on-the-server.md).
import sanitizeHtml from 'sanitize-html';

/** What an editor's text may keep: structure, emphasis, lists, tables, links and pictures. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'div',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'img',
  ],
  // No event handler (on…), no id or class to hook page scripts or styles on.
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  // Only alignment and a plain colour survive in `style` (no url(), no expression(), no position).
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-fA-F]{3,6}$/, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
    },
  },
  // Links: https, phone numbers and mail; pictures: https or our own stored paths (relative).
  // javascript:, data:, vbscript: and protocol-relative //host addresses are dropped.
  allowedSchemes: ['https', 'tel', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // script, style, iframe, object, embed, form and the like go with their content.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // A link leaves the app without giving the next page a handle on ours.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
};

/** The HTML with only what {@link OPTIONS} allows. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
