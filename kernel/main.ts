import 'dotenv/config';
import { serve } from './serve.ts';

/** `node --import tsx kernel/main.ts`: the same as `npx storekeep serve`, for tools that run a file. */
serve().then((code) => process.exit(code));
