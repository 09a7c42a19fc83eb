import type { FastifyReply } from 'fastify';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';
import { toId } from '../../../kernel/http/schemas.ts';
import { CheckoutErrors } from '../errors.ts';
import type { CheckoutServices } from '../services/index.ts';
import { CART_LIFETIME_MS, type CartRecord } from '../services/carts/cart-rows.ts';
import type { CartLines, ChangedCart } from '../services/carts/cart-service.ts';
import { addItemBody, cart, cartParams, currencyQuery, itemParams, updateItemBody } from '../schemas/carts.ts';
import { askedCurrency, callerOf, created, dbOf } from './context.ts';

const tag = 'carts';
/** The guest session cart's cookie. */
export const CART_COOKIE = 'cart_id';

function setCartCookie(reply: FastifyReply, cartId: string): void {
  reply.setCookie(CART_COOKIE, cartId, { path: '/', httpOnly: true, secure: true, sameSite: 'lax', maxAge: CART_LIFETIME_MS / 1000 });
}

/** Carts: by id for anyone holding it (a customer's only for that customer), and the session cart. */
export function registerCartRoutes(ctx: PluginContext, s: CheckoutServices): void {
  const view = (request: RouteRequest, c: Parameters<typeof s.carts.view>[1]) =>
    s.carts.view(dbOf(ctx, request), c, { ...callerOf(request), currency: askedCurrency(request) });
  // After a change: the cart as read again by the change's event (its updated_at moved), as the caller sees it.
  const changed = (request: RouteRequest, after: ChangedCart) => s.carts.viewAfterChange(request.trx!, after, callerOf(request));
  // Adds the body's units to `target`: 201 when a new line was made, 200 when merged into one.
  const addItem = async (request: RouteRequest, reply: FastifyReply, target: CartRecord, lines?: CartLines) => {
    const { created: newLine, changed: after } = await s.carts.addItem(request.trx!, target, { variant_id: toId(request.body.variant_id), quantity: request.body.quantity }, lines);
    reply.code(newLine ? 201 : 200);
    return changed(request, after);
  };

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/cart/',
    auth: 'public',
    tag,
    currency: true,
    translated: true,
    summary: 'Create a cart (in ?currency= or the store\'s default currency).',
    description: 'The id is a random UUID: whoever holds it reaches the cart without credentials. A logged-in customer\'s cart is bound to the customer.',
    schema: { querystring: currencyQuery, response: { 201: cart } },
    handler: async (request, reply) => {
      const made = await s.carts.create(request.trx!, { currency: request.currency, principal: request.principal });
      created(ctx, reply, `/api/v1/cart/${made.cart.id}/`);
      return changed(request, made);
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/cart/',
    auth: 'public',
    tag,
    currency: true,
    translated: true,
    summary: 'The session cart: the logged-in customer\'s cart, or the guest cart of the cart_id cookie.',
    description: 'No such cart yet: 404.',
    schema: { querystring: currencyQuery, response: { 200: cart } },
    handler: async (request) => {
      const found = await s.carts.sessionCart(ctx.knex, request.principal, request.cookies?.[CART_COOKIE]);
      if (!found) throw CheckoutErrors.cartNotFound();
      return view(request, found);
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/cart/items/',
    auth: 'public',
    csrf: 'always',
    tag,
    currency: true,
    translated: true,
    summary: 'Add an item to the session cart (made when there is none).',
    description:
      'A customer\'s session adds to the customer\'s cart; anyone else to the guest cart named by the cart_id cookie, which this sets (HttpOnly, Secure, SameSite=Lax). Needs X-CSRFToken (also without a session). 201 when a new line was made, 200 when it merged into a line.',
    schema: { querystring: currencyQuery, body: addItemBody, response: { 200: cart, 201: cart } },
    handler: async (request, reply) => {
      const trx = request.trx!;
      const { cart: target, lines } = await s.carts.sessionCartForWrite(trx, request.principal, request.cookies?.[CART_COOKIE], request.currency);
      if (request.principal.kind !== 'customer') setCartCookie(reply, target.id);
      return addItem(request, reply, target, lines);
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/cart/:cart_id/',
    auth: 'public',
    tag,
    currency: true,
    translated: true,
    summary: 'A cart with its items and totals (in ?currency= if asked, else the cart\'s currency).',
    description: 'Unknown, expired (untouched for 30 days) or another customer\'s cart: 404.',
    schema: { params: cartParams, querystring: currencyQuery, response: { 200: cart } },
    handler: async (request) => view(request, await s.carts.require(ctx.knex, request.params.cart_id, request.principal)),
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/cart/:cart_id/items/',
    auth: 'public',
    tag,
    translated: true,
    summary: 'Add units of a variant to a cart; the same variant merges into its line.',
    description:
      'variant_id: a number or a string of digits; quantity 1–999, and a line holds at most 999 (400). Unknown variant: 400; a product not active: 409 variant_unavailable. 201 when a new line was made, 200 when merged.',
    schema: { params: cartParams, body: addItemBody, response: { 200: cart, 201: cart } },
    handler: async (request, reply) => {
      // The cart, its lines and the counts on it in the one statement that locks it.
      const { cart: target, lines } = await s.carts.requireOpenWithItems(request.trx!, request.params.cart_id, request.principal);
      return addItem(request, reply, target, lines);
    },
  });

  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/cart/:cart_id/items/:item_id/',
    auth: 'public',
    tag,
    translated: true,
    summary: 'Set an item\'s quantity (1–999).',
    description: 'Replaces the line\'s quantity and answers the whole cart with new totals. A customer\'s cart only for that customer; anyone holding a guest cart\'s id may change it.',
    schema: { params: itemParams, body: updateItemBody, response: { 200: cart } },
    handler: async (request) => {
      const trx = request.trx!;
      const target = await s.carts.requireOpen(trx, request.params.cart_id, request.principal);
      return changed(request, await s.carts.updateItem(trx, target, request.params.item_id, request.body.quantity));
    },
  });

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/cart/:cart_id/items/:item_id/',
    auth: 'public',
    tag,
    translated: true,
    summary: 'Remove an item; answers the cart.',
    description: 'The line is removed and the cart answered with new totals; an item not in this cart is a 404.',
    schema: { params: itemParams, response: { 200: cart } },
    handler: async (request) => {
      const trx = request.trx!;
      const target = await s.carts.requireOpen(trx, request.params.cart_id, request.principal);
      return changed(request, await s.carts.removeItem(trx, target, request.params.item_id));
    },
  });
}
