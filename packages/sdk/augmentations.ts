// Type-only: the files whose `declare module` blocks add the core's hook sets to HookSets and the
// kernel's decorations to fastify's request and reply. Nothing here runs.
import type {} from '../../kernel/http/app.ts';
import type {} from '../../kernel/routes.ts';
import type {} from '../../kernel/http/negotiation.ts';
import type {} from '../../kernel/http/idempotency.ts';
import type {} from '../../kernel/http/json-body.ts';
import type {} from '../../kernel/http/cached-responses.ts';
import type {} from '../../plugins/core-auth/hooks.ts';
import type {} from '../../plugins/core-catalog/hooks.ts';
import type {} from '../../plugins/core-checkout/hooks.ts';
