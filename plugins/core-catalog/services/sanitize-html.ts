import type sanitizeHtml from 'sanitize-html';
import { lazyRequire } from '../../../kernel/lazy-require.ts';

// Loaded with the first page written, not at start (kernel/lazy-require.ts).
const sanitizer = lazyRequire<typeof sanitizeHtml>('sanitize-html');

const TARGETS = new Set(['_blank', '_self', '_parent', '_top']);

// Ordinary content markup; anything else (script, style, iframe, object, embed, form, …) is dropped.
// script/style lose their text too (sanitize-html's nonTextTags), other dropped tags keep theirs.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'b', 'i', 'u', 's', 'blockquote',
    'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
    'code', 'pre', 'hr', 'span', 'div',
  ],
  // No event handlers, no style: only these attributes survive, on these tags.
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['class'],
    div: ['class'],
  },
  // Relative URLs carry no scheme and pass; sanitize-html decodes entities and ignores case, control
  // characters and whitespace before it compares schemes, so `jav&#x09;ascript:` is caught too.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowVulnerableTags: false,
  transformTags: { a: linkAttributes },
  // An image whose source was refused is nothing but a broken icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

// A link opening a new browsing context must not hand that context a handle back to the store's page.
function linkAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const result = { ...attribs };
  if (result.target !== undefined && !TARGETS.has(result.target.toLowerCase())) delete result.target;
  if (result.target?.toLowerCase() === '_blank') {
    const tokens = (result.rel ?? '').split(/\s+/).filter(Boolean);
    for (const required of ['noopener', 'noreferrer']) if (!tokens.some((t) => t.toLowerCase() === required)) tokens.push(required);
    result.rel = tokens.join(' ');
  }
  return { tagName, attribs: result };
}

/** Reduces page HTML to the content allow-list above; run on every write so stored bodies are safe to render. */
export function sanitizePageHtml(html: string): string {
  return sanitizer()(html, OPTIONS);
}
