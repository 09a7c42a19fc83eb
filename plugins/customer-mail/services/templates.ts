import fs from 'node:fs';
import path from 'node:path';
import { Liquid } from 'liquidjs';
import type { Logger } from '../../../kernel/logger.ts';
import { formatMoney } from '../../../kernel/money/format.ts';
import { FALLBACK_LANGUAGE } from './language.ts';

/** The mails this plugin sends; each is three templates: `<kind>.subject.liquid`, `.text.liquid`, `.html.liquid`. */
export const MAIL_KINDS = ['order-confirmation', 'order-cancelled', 'shipping-confirmation', 'refund-notice'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Parts {
  /** The plugin's own templates, one folder per language. */
  defaultsDir: string;
  /**
   * The active theme's `mail/` folders, its own first, then up its `extends` chain: overrides by file
   * name, per language in a sub-folder or for all languages at its top. Asked for each mail, so a theme
   * activated over the API writes the next one.
   */
  themeMailDirs: () => Promise<string[]>;
  logger: Logger;
}

const LANGUAGE_FOLDER = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

function languageFolders(dir: string): string[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && LANGUAGE_FOLDER.test(e.name)).map((e) => e.name);
  } catch {
    return [];
  }
}

/**
 * Renders the mail templates with LiquidJS. A file is looked up in the active theme's `mail/<language>/`,
 * then its `mail/`, then the plugin's `templates/<language>/`, then `templates/en/`, so a theme replaces
 * any single template (or partial, or the HTML layout) by its file name. The HTML part escapes every
 * output, so values typed by customers cannot become markup; `| raw` is the explicit way out.
 */
export class MailTemplates {
  constructor(private readonly parts: Parts) {}

  /** The active theme's mail folders, read once per mail and handed to `languages` and `render`. */
  themeDirs(): Promise<string[]> {
    return this.parts.themeMailDirs();
  }

  /** The languages mails can be written in: the plugin's and the active theme's (`themeDirs`) language folders. */
  languages(themeDirs: string[]): string[] {
    return [...new Set([...languageFolders(this.parts.defaultsDir), ...themeDirs.flatMap(languageFolders)])];
  }

  /** Subject, text and HTML of one mail in `language`; a broken theme template falls back to the plugin's own. */
  async render(kind: MailKind, language: string, context: Record<string, unknown>, themeDirs: string[]): Promise<RenderedMail> {
    const { defaultsDir } = this.parts;
    const defaults = [path.join(defaultsDir, language), path.join(defaultsDir, FALLBACK_LANGUAGE)];
    const themed = [...themeDirs.flatMap((dir) => [path.join(dir, language), dir]), ...defaults];
    try {
      return await this.renderWith(roots(themed), kind, language, context);
    } catch (err) {
      // A theme's mistake must not stop the mail: the customer gets the default wording instead.
      this.parts.logger.warn({ err, kind, language, theme: themeDirs[0] }, 'theme mail template failed; using the default template');
      return this.renderWith(roots(defaults), kind, language, context);
    }
  }

  private async renderWith(dirs: string[], kind: MailKind, language: string, context: Record<string, unknown>): Promise<RenderedMail> {
    const text = engine(dirs, language, false);
    const html = engine(dirs, language, true);
    const [subject, body, markup] = await Promise.all([
      text.renderFile(`${kind}.subject.liquid`, context),
      text.renderFile(`${kind}.text.liquid`, context),
      html.renderFile(`${kind}.html.liquid`, context),
    ]);
    // A subject is one line, whatever the template's line breaks (no-break spaces in amounts stay).
    return { subject: String(subject).replace(/[ \t\r\n]+/g, ' ').trim(), text: tidyText(String(body)), html: String(markup) };
  }
}

function roots(dirs: string[]): string[] {
  return [...new Set(dirs)].filter((dir) => fs.existsSync(dir));
}

// One engine per set of folders, language and escaping, each keeping the templates it has parsed for a
// few seconds: a mail then costs the rendering only, not finding (each candidate file's real path is
// checked against its folder), reading and parsing every template and partial again, about 7 ms of CPU
// per order confirmation. An engine is replaced after TEMPLATES_KEPT_MS, so a template edited on disk
// is used within seconds, without a restart; a theme activated over the API changes the folders, so
// its templates are read at its first mail.
const TEMPLATES_KEPT_MS = 5_000;
const engines = new Map<string, { liquid: Liquid; until: number }>();

function engine(dirs: string[], language: string, escape: boolean): Liquid {
  const key = `${escape ? 'html' : 'text'}\0${language}\0${dirs.join('\0')}`;
  const now = Date.now();
  const kept = engines.get(key);
  if (kept && kept.until > now) return kept.liquid;
  const liquid = new Liquid({
    root: dirs,
    partials: dirs,
    layouts: dirs,
    relativeReference: false,
    cache: true,
    timezoneOffset: 0,
    ...(escape ? { outputEscape: 'escape' as const } : {}),
  });
  liquid.registerFilter('money', (value: unknown) => formatMoney(value as { amount: string; currency: string }, language));
  engines.set(key, { liquid, until: now + TEMPLATES_KEPT_MS });
  return liquid;
}

// Liquid tags leave blank lines behind; a text mail keeps at most one empty line between paragraphs.
function tidyText(text: string): string {
  return text.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim() + '\n';
}
