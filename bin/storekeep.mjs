#!/usr/bin/env node
// `npx storekeep …`: runs the TypeScript CLI through tsx, as `npm start` runs the server.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../kernel/cli.ts');
process.exit(await runCli(process.argv.slice(2)));
