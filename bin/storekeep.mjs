#!/usr/bin/env -S node --max-semi-space-size=2
// `npx storekeep …`: runs the TypeScript CLI through tsx, as `npm start` runs the server.
// The #! line's flag keeps V8's young generation at 2 MiB per half instead of up to 32: the store's
// requests make short-lived garbage that a small young generation collects as fast, and the process
// keeps about 50–100 MiB less resident (bench/README.md, "Memory"). Run this file itself (npm start,
// the systemd unit and the container do) so that the flag applies; the bench starts its store with it too.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../kernel/cli.ts');
process.exit(await runCli(process.argv.slice(2)));
