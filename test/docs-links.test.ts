import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './helpers/process.ts';

// The documentation a clone carries: the root README, docs/, and every plugin's, theme's, example's
// and the benchmarks' README. A reader following a link must land on a file of this repository.
function documentationFiles(): string[] {
  const files = ['README.md', 'bench/README.md'];
  for (const file of fs.readdirSync(path.join(REPO_ROOT, 'docs'))) if (file.endsWith('.md')) files.push(`docs/${file}`);
  for (const dir of ['plugins', 'themes', 'examples']) {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      if (entry.isDirectory() && fs.existsSync(path.join(REPO_ROOT, dir, entry.name, 'README.md'))) files.push(`${dir}/${entry.name}/README.md`);
    }
  }
  return files.filter((f) => fs.existsSync(path.join(REPO_ROOT, f)));
}

// Markdown outside fenced code blocks and inline code, where a link is a link.
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

// GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered.
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const base = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

test('every relative link in the README, docs/ and the plugin READMEs names a file (and heading) of the repository', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const file of documentationFiles()) {
    const markdown = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    for (const link of links(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto: — not a file of this repository
      checked++;
      const [target, anchor] = link.split('#', 2) as [string, string | undefined];
      const resolved = target === '' ? path.join(REPO_ROOT, file) : path.resolve(path.dirname(path.join(REPO_ROOT, file)), decodeURIComponent(target));
      if (!resolved.startsWith(REPO_ROOT + path.sep)) {
        broken.push(`${file}: ${link} points outside the repository`);
        continue;
      }
      if (!fs.existsSync(resolved)) {
        broken.push(`${file}: ${link} does not exist`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
        broken.push(`${file}: ${link} names no heading of ${path.relative(REPO_ROOT, resolved)}`);
      }
    }
  }
  assert.ok(checked > 30, `links were found (${checked})`);
  assert.deepEqual(broken, []);
});

test('the documentation stands on its own: no reference to design files outside the repository', () => {
  const outside: string[] = [];
  for (const file of documentationFiles()) {
    const markdown = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    markdown.split('\n').forEach((line, i) => {
      if (/\.\.\/shared|\b(SPEC|API|ARCHITECTURE|STYLE)\.md\b|\(section \d+\)/.test(line)) outside.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(outside, []);
});

test('the anchor rule matches GitHub for the headings the docs link to', () => {
  const found = anchors('# A\n## Sessions and CSRF\n## The `webhooks` section\n## Dependencies and why\n## Lists\n## Lists\n');
  for (const a of ['sessions-and-csrf', 'the-webhooks-section', 'dependencies-and-why', 'lists', 'lists-1']) assert.ok(found.has(a), a);
});
