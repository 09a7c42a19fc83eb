import fs from 'node:fs';
import path from 'node:path';
import type { Liquid } from 'liquidjs';
import { lazyImport } from '../../../kernel/lazy-require.ts';
import type { Logger } from '../../../kernel/logger.ts';
import { formatMoney } from '../../../kernel/money/format.ts';
import { FALLBACK_LANGUAGE } from './language.ts';
import { memoryFs, readTemplateFiles, type TemplateFiles } from './template-files.ts';

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

// A folder's language sub-folders, listed again after TEMPLATES_KEPT_MS like its templates (below), so
// that a mail does not list directories on the event loop each time while a new language folder is
// still seen within seconds.
const listed = new Map<string, { names: string[]; until: number }>();

function languageFolders(dir: string): string[] {
  const now = Date.now();
  const entry = listed.get(dir);
  if (entry && entry.until > now) return entry.names;
  let names: string[];
  try {
    names = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && LANGUAGE_FOLDER.test(e.name)).map((e) => e.name);
  } catch {
    names = [];
  }
  listed.set(dir, { names, until: now + TEMPLATES_KEPT_MS });
  return names;
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
    const { text, html } = await engines(dirs, language);
    // Synchronous rendering: every template is in memory (template-files.ts), and LiquidJS's
    // asynchronous render makes a promise of every value it outputs (about 300 µs and several hundred
    // KB of garbage per order confirmation, against 175 µs this way).
    const subject = text.renderFileSync(`${kind}.subject.liquid`, context);
    const body = text.renderFileSync(`${kind}.text.liquid`, context);
    const markup = html.renderFileSync(`${kind}.html.liquid`, context);
    // A subject is one line, whatever the template's line breaks (no-break spaces in amounts stay).
    return { subject: String(subject).replace(/[ \t\r\n]+/g, ' ').trim(), text: tidyText(String(body)), html: String(markup) };
  }
}

// A folder that does not exist holds no templates (readTemplateFiles): it is passed on all the same.
function roots(dirs: string[]): string[] {
  return [...new Set(dirs)];
}

// Engines per set of folders and language, for plain text and for HTML (which escapes), each over the
// folders' templates read into memory and parsed once: a mail then costs the rendering only, not
// finding (each candidate file's real path is checked against its folder), reading and parsing every
// template and partial again, about 7 ms of CPU per order confirmation. The set is read again after
// TEMPLATES_KEPT_MS, so a template edited on disk is used within seconds, without a restart; a theme
// activated over the API changes the folders, so its templates are read at its first mail.
const TEMPLATES_KEPT_MS = 5_000;

interface Engines {
  text: Liquid;
  html: Liquid;
}

const kept = new Map<string, { engines: Promise<Engines>; until: number }>();

// LiquidJS (about 1.3 MiB of heap once loaded) is loaded with the first mail, not at start.
const liquidjs = lazyImport(() => import('liquidjs'));

function engines(dirs: string[], language: string): Promise<Engines> {
  const key = `${language}\0${dirs.join('\0')}`;
  const now = Date.now();
  const entry = kept.get(key);
  if (entry && entry.until > now) return entry.engines;
  const made = Promise.all([readTemplateFiles(dirs), liquidjs()]).then(([files, { Liquid }]) => ({
    text: engine(Liquid, dirs, files, language, false),
    html: engine(Liquid, dirs, files, language, true),
  }));
  kept.set(key, { engines: made, until: now + TEMPLATES_KEPT_MS });
  made.catch(() => kept.get(key)?.engines === made && kept.delete(key));
  return made;
}

function engine(Engine: typeof Liquid, dirs: string[], files: TemplateFiles, language: string, escape: boolean): Liquid {
  const liquid = new Engine({
    root: dirs,
    partials: dirs,
    layouts: dirs,
    fs: memoryFs(files),
    relativeReference: false,
    cache: true,
    timezoneOffset: 0,
    ...(escape ? { outputEscape: 'escape' as const } : {}),
  });
  liquid.registerFilter('money', (value: unknown) => formatMoney(value as { amount: string; currency: string }, language));
  return liquid;
}

// Liquid tags leave blank lines behind; a text mail keeps at most one empty line between paragraphs.
function tidyText(text: string): string {
  return text.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim() + '\n';
}
