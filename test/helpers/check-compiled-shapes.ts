// Loaded into every test process by scripts/run-tests.mjs: each statement answered from a learned
// shape (kernel/db/compiled-statements.ts) is compared with knex's own compile of it, so the whole
// suite, on each database, checks the shapes.
import { checkCompiledShapes } from '../../kernel/db/compiled-statements.ts';

checkCompiledShapes(true);
