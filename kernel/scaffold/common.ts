import type { PluginNames } from './names.ts';

export type Kind = 'payment' | 'shipping' | 'marketing';
export const KINDS: readonly Kind[] = ['payment', 'shipping', 'marketing'];

/** What the templates need to know about the store the plugin is written for. */
export interface StoreInfo {
  /** The store's version (its package.json). */
  version: string;
  /** The versions of the store's own tsx, typescript and @types/node, for the plugin's devDependencies. */
  devTools: Record<string, string>;
}

/** The store versions a new plugin claims: this store's minor series (0.1.x → '>=0.1.0 <0.2.0'). */
export function storeRange(version: string): string {
  const [major, minor] = version.split('.').map(Number);
  return major === 0 ? `>=0.${minor}.0 <0.${minor + 1}.0` : `>=${major}.${minor}.0 <${major + 1}.0.0`;
}

export function packageJson(n: PluginNames, kind: Kind, store: StoreInfo, description: string): string {
  const pkg = {
    name: n.pkg,
    version: '0.1.0',
    description,
    type: 'module',
    license: 'MIT',
    keywords: ['storekeep', 'storekeep-plugin', kind],
    exports: { '.': './index.ts', './package.json': './package.json' },
    files: ['*.ts', 'migrations/', 'README.md'],
    scripts: {
      // node:test does not find .ts files by itself on Node 20: the shell lists them.
      test: 'node --import tsx --test --test-timeout=120000 test/*.test.ts',
      check: 'tsc -p tsconfig.json',
    },
    peerDependencies: { '@storekeep-commerce/sdk': '^0.1.0' },
    devDependencies: store.devTools,
    engines: { node: '>=20.19' },
  };
  return JSON.stringify(pkg, null, 2) + '\n';
}

export const TSCONFIG =
  JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        skipLibCheck: true,
        types: ['node'],
      },
      include: ['*.ts', 'migrations', 'test'],
    },
    null,
    2,
  ) + '\n';

export const GITIGNORE = 'node_modules/\n*.tgz\n';

/** The README's parts every kind shares: how to run, test and install the plugin. */
export function readme(n: PluginNames, kind: Kind, what: string, reference: string): string {
  return `# ${n.pkg}

${what}

A Storekeep ${kind} plugin (\`${n.name}\`), written with \`npx storekeep plugin new ${n.name} --kind ${kind}\`.
It imports only \`@storekeep-commerce/sdk\` (a peer dependency: the running store provides it).

${reference}

## Develop and test

Inside the store's folder (where \`plugin new\` puts it by default) Node and TypeScript find the SDK,
tsx and TypeScript in the store's \`node_modules\`: nothing to install.

\`\`\`sh
npm test          # node:test through tsx: starts a real store with this plugin (SQLite; MySQL/MariaDB with DATABASE_URL)
npm run check     # tsc: type-checks against the SDK
\`\`\`

Developed in a folder of its own, install the store's SDK and the tools first:
\`npm install -D <store folder>/packages/sdk tsx typescript @types/node\`.

## Install into a store

\`\`\`sh
PLUGINS=./${n.name} npm start               # a folder
npm pack && npm install ./${n.pkg}-0.1.0.tgz && PLUGINS=${n.pkg} npm start   # a package
\`\`\`
`;
}
