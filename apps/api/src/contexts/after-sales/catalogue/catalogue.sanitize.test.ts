import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './catalogue.sanitize';

describe('sanitizeRichText', () => {
  it.each([
    ['a script and its text', '<p>洗手<script>alert(1)</script></p>', '<p>洗手</p>'],
    ['an event handler', '<p onclick="x()">先洗手</p>', '<p>先洗手</p>'],
    [
      'an onerror picture keeps only its address',
      '<img src="uploads/273/a.png" onerror="x()">',
      '<img src="uploads/273/a.png" />',
    ],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)">点我</a>',
      '<a rel="noopener noreferrer" target="_blank">点我</a>',
    ],
    [
      'a mixed-case javascript: link',
      '<a href="JaVaScRiPt:alert(1)">点我</a>',
      '<a rel="noopener noreferrer" target="_blank">点我</a>',
    ],
    [
      'a protocol-relative link',
      '<a href="//evil.example/">去</a>',
      '<a rel="noopener noreferrer" target="_blank">去</a>',
    ],
    ['an iframe with its content', '<iframe src="https://evil.example/">框</iframe><p>正文</p>', '<p>正文</p>'],
    ['a data: picture', '<img src="data:image/png;base64,AAAA">', '<img />'],
    ['a style element', '<style>p{display:none}</style><p>看得见</p>', '<p>看得见</p>'],
    ['an svg with a script', '<svg><script>1</script></svg><p>文</p>', '<p>文</p>'],
    [
      'styles other than alignment, colour and weight',
      '<p style="text-align:center;position:fixed;color:#c00">字</p>',
      '<p style="text-align:center;color:#c00">字</p>',
    ],
    ['a url() in a colour', '<span style="color:url(x)">字</span>', '<span>字</span>'],
  ])('removes %s', (_what, html, clean) => {
    expect(sanitizeRichText(html)).toBe(clean);
  });

  it('keeps the structure an editor writes, and https, tel and mailto links opened safely', () => {
    const html =
      '<h3>步骤</h3><ol><li><strong>插入</strong>试纸</li></ol><table><tbody><tr><td colspan="2">表</td></tr></tbody></table>' +
      '<a href="https://mp.weixin.qq.com/s/x" target="_self">文章</a><a href="tel:4008260303">电话</a>';
    expect(sanitizeRichText(html)).toBe(
      '<h3>步骤</h3><ol><li><strong>插入</strong>试纸</li></ol><table><tbody><tr><td colspan="2">表</td></tr></tbody></table>' +
        '<a href="https://mp.weixin.qq.com/s/x" target="_blank" rel="noopener noreferrer">文章</a>' +
        '<a href="tel:4008260303" rel="noopener noreferrer" target="_blank">电话</a>',
    );
  });
});
