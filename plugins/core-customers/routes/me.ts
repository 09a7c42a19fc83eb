import type { PluginContext } from '../../../kernel/plugin.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';
import { ownCustomerPatchBody, ownCustomerSchema } from '../schemas.ts';
import type { CustomerServices } from '../services/index.ts';
import { customerOf } from './context.ts';

const tag = 'customers';
const ME = '/api/v1/customers/me/';

/** The customer's own account: read it and change it. */
export function registerMeRoutes(ctx: PluginContext, { customers, ownAccount }: CustomerServices): void {
  ctx.routes.add({
    method: 'GET',
    path: ME,
    auth: 'customer',
    tag,
    summary: 'The logged-in customer.',
    description: 'A customer session only: the profile with saved addresses. Staff and API keys use GET /api/v1/customers/{id}/.',
    schema: { response: { 200: ownCustomerSchema } },
    handler: async (request: RouteRequest) => customers.own(ctx.knex, customerOf(request).id),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: ME,
    auth: 'customer',
    tag,
    // Its own transaction: a wrong current password must stay counted by the login throttle.
    transaction: false,
    summary: 'Change the logged-in customer: names, phone, marketing consent, e-mail, password (emits customer.updated).',
    description:
      'A new email or new_password needs current_password: missing is 400 current_password_required, wrong is 400 wrong_password ' +
      '(counted like a failed login; too many: 429). A taken e-mail is 409 email_taken. A new password ends every other session of the customer.',
    schema: { body: ownCustomerPatchBody, response: { 200: ownCustomerSchema } },
    handler: async (request: RouteRequest) => ownAccount.update({ ...customerOf(request), ip: request.ip }, request.body),
  });
}
