/**
 * The REST API's types, generated from /latest/openapi.json of a store with the built-in plugins by
 * `npm run admin:api-types`. Do not edit: a test fails when this file no longer matches the API.
 */

export interface paths {
    "/api/v1/api-keys/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys (never the keys themselves).
         * @description Staff only. Each key shows its name, mode (live or test), prefix and when it was last used; the secret itself is shown once, when the key is created.
         */
        get: operations["get_api_keys"];
        put?: never;
        /**
         * Create an API key; the key is shown in this response only.
         * @description Test keys may be created at any time; they authenticate only while the store is in test mode. A test key can create only test keys.
         */
        post: operations["post_api_keys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One API key (never the key itself).
         * @description Staff only. The key's name, mode, prefix and use; the secret is never shown again after creation.
         */
        get: operations["get_api_keys_by_id"];
        put?: never;
        post?: never;
        /**
         * Revoke an API key: it stops working with the next request.
         * @description Idempotent: revoking a revoked key answers 204 again and keeps the first revoked_at.
         */
        delete: operations["delete_api_keys_by_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/csrf/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a CSRF token (also set as the csrftoken cookie) for session requests.
         * @description Browsers using the session cookie send this token back as the X-CSRFToken header on every state change, and on login and registration. API-key callers need none.
         */
        get: operations["get_auth_csrf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with e-mail and password; sets the sessionid cookie (a new one each time).
         * @description Needs X-CSRFToken. Wrong credentials: 401 invalid_credentials. Too many failures (per account and address, per address, or account-wide for unknown clients): 429 rate_limited with Retry-After. Sets the trusted_device cookie.
         *
         *     Always needs X-CSRFToken (also without a session): this operation starts or changes a session.
         */
        post: operations["post_auth_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the current session and delete the sessionid cookie.
         * @description With an API key there is no session: nothing happens.
         */
        post: operations["post_auth_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller: a staff user, a customer or an API key.
         * @description Who the credentials sent belong to, and what kind of caller that is. Without credentials: 401.
         */
        get: operations["get_auth_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link by e-mail.
         * @description Needs X-CSRFToken. Always 202 with the same body, whether or not an account has this e-mail. For an active account, mails a link to BASE_URL/reset-password/?token=… (and the token) valid for one hour; a new request invalidates earlier tokens. At most 5 mails per account per hour; further requests are answered alike and send nothing.
         *
         *     Always needs X-CSRFToken (also without a session): this operation starts or changes a session.
         */
        post: operations["post_auth_password_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset token; every session of the account ends.
         * @description Needs X-CSRFToken. Password: 8–128 characters. An unknown, used or expired token: 400 invalid_token.
         *
         *     Refused with 400 beyond the schema:
         *     - `invalid_token`: The token is unknown, used or expired.
         *
         *     Always needs X-CSRFToken (also without a session): this operation starts or changes a session.
         */
        post: operations["post_auth_password_reset_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/register/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a customer account; the new customer is logged in.
         * @description Needs X-CSRFToken. A taken e-mail: 409 email_taken. Emits customer.created.
         *
         *     Always needs X-CSRFToken (also without a session): this operation starts or changes a session.
         */
        post: operations["post_auth_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cart/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The session cart: the logged-in customer's cart, or the guest cart of the cart_id cookie.
         * @description No such cart yet: 404.
         *
         *     Refused with 400 beyond the schema:
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        get: operations["get_cart"];
        put?: never;
        /**
         * Create a cart (in ?currency= or the store's default currency).
         * @description The id is a random UUID: whoever holds it reaches the cart without credentials. A logged-in customer's cart is bound to the customer.
         *
         *     Refused with 400 beyond the schema:
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        post: operations["post_cart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cart/{cart_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A cart with its items and totals (in ?currency= if asked, else the cart's currency).
         * @description Unknown, expired (untouched for 30 days) or another customer's cart: 404.
         *
         *     Refused with 400 beyond the schema:
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        get: operations["get_cart_by_cart_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cart/{cart_id}/items/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add units of a variant to a cart; the same variant merges into its line.
         * @description variant_id: a number or a string of digits; quantity 1–999, and a line holds at most 999 (400). Unknown variant: 400; a product not active: 409 variant_unavailable. 201 when a new line was made, 200 when merged.
         *
         *     Refused with 400 beyond the schema:
         *     - `variant_id`: Must name an existing variant.
         *     - `quantity`: With the units of the variant already in the cart, at most 999.
         */
        post: operations["post_cart_by_cart_id_items"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cart/{cart_id}/items/{item_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an item; answers the cart.
         * @description The line is removed and the cart answered with new totals; an item not in this cart is a 404.
         */
        delete: operations["delete_cart_by_cart_id_items_by_item_id"];
        options?: never;
        head?: never;
        /**
         * Set an item's quantity (1–999).
         * @description Replaces the line's quantity and answers the whole cart with new totals. A customer's cart only for that customer; anyone holding a guest cart's id may change it.
         *
         *     Refused with 400 beyond the schema:
         *     - `quantity`: With the units of the variant already in the cart, at most 999.
         */
        patch: operations["patch_cart_by_cart_id_items_by_item_id"];
        trace?: never;
    };
    "/api/v1/cart/{cart_id}/vouchers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a voucher code to a cart; answers with the cart and its new totals.
         * @description Refusals name the reason in detail: 400 voucher_not_found, voucher_inactive, voucher_not_yet_valid, voucher_expired, voucher_wrong_currency, voucher_minimum_not_met; 409 voucher_used_up, voucher_customer_limit_reached, too_many_vouchers; 404 for an unknown cart.
         *
         *     Refused with 400 beyond the schema:
         *     - `code`: A voucher that exists (`voucher_not_found`), is active (`voucher_inactive`) and within its dates (`voucher_not_yet_valid`, `voucher_expired`), takes an amount off in the cart's currency (`voucher_wrong_currency`) and whose minimum subtotal the cart meets (`voucher_minimum_not_met`).
         */
        post: operations["post_cart_by_cart_id_vouchers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cart/{cart_id}/vouchers/{code}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Take a voucher code (any case) off a cart; answers with the cart.
         * @description 404 voucher_not_applied when the cart does not hold the code.
         */
        delete: operations["delete_cart_by_cart_id_vouchers_by_code"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cart/items/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an item to the session cart (made when there is none).
         * @description A customer's session adds to the customer's cart; anyone else to the guest cart named by the cart_id cookie, which this sets (HttpOnly, Secure, SameSite=Lax). Needs X-CSRFToken (also without a session). 201 when a new line was made, 200 when it merged into a line.
         *
         *     Refused with 400 beyond the schema:
         *     - `variant_id`: Must name an existing variant.
         *     - `quantity`: With the units of the variant already in the cart, at most 999.
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         *
         *     Always needs X-CSRFToken (also without a session): this operation starts or changes a session.
         */
        post: operations["post_cart_items"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List categories (ordering: name (default), created_at; parent=<id>|null for one level).
         * @description Public. parent=<id> lists the children of one category, parent=null the top level; names in the negotiated language.
         */
        get: operations["get_categories"];
        put?: never;
        /**
         * Create a category.
         * @description Unknown parent_id: 400. Taken slug: 409 duplicate_slug. Emits category.created.
         *
         *     Refused with 400 beyond the schema:
         *     - `parent_id`: Must name an existing category that is not this one or below it.
         *     - `translations`: Keys are languages the store offers.
         */
        post: operations["post_categories"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One category.
         * @description Public; name and description in the negotiated language. Staff also see the stored translations.
         */
        get: operations["get_categories_by_id"];
        put?: never;
        post?: never;
        /**
         * Delete an empty category (with subcategories or products: 409 category_not_empty).
         * @description Emits category.deleted.
         */
        delete: operations["delete_categories_by_id"];
        options?: never;
        head?: never;
        /**
         * Change a category (moving it under itself or a descendant: 400).
         * @description Emits category.updated.
         *
         *     Refused with 400 beyond the schema:
         *     - `parent_id`: Must name an existing category that is not this one or below it.
         *     - `translations`: Keys are languages the store offers.
         */
        patch: operations["patch_categories_by_id"];
        trace?: never;
    };
    "/api/v1/categories/by-slug/{slug}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One category by its slug.
         * @description How a shop links to a category (/categories/shoes): the same answer as GET /api/v1/categories/{id}/.
         */
        get: operations["get_categories_by_slug_by_slug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/checkout/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a checkout on a cart: e-mail and shipping address; answers the shipping methods, totals and payment_url.
         * @description Every missing or bad field is named at once (400). Unknown cart: 404; a cart already ordered: 409 cart_ordered; empty: 409 empty_cart; an item no longer for sale: 409 variant_unavailable; not enough stock (checked, not reserved): 409 insufficient_stock naming the items. No method shipping to the address: shipping_methods is empty.
         *
         *     Refused with 400 beyond the schema:
         *     - `cart_id`: An open cart the caller may use (else 404).
         *     - `shipping_address.country`: An assigned ISO 3166-1 alpha-2 code.
         *     - `billing_address`: Required when billing_same_as_shipping is false.
         *     - `billing_address.country`: An assigned ISO 3166-1 alpha-2 code.
         */
        post: operations["post_checkout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/checkout/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A checkout: status (open, paid, expired), addresses, shipping methods, totals, payment_url, order once placed.
         * @description Anyone holding the checkout id may read it (a customer's only that customer). Shows what the shopper will pay: the shipping methods offered for the address, totals and where to pay.
         */
        get: operations["get_checkout_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Select a shipping method, or change the e-mail or addresses.
         * @description shipping_method_id must be one of those offered for the (new) address, else 400. An address change collects the rates again and drops a selection no longer offered. Once the order is placed: 409 checkout_locked (already_paid, checkout_expired).
         *
         *     Refused with 400 beyond the schema:
         *     - `shipping_method_id`: One of the shipping methods offered for the (new) address.
         *     - `shipping_address.country`: An assigned ISO 3166-1 alpha-2 code.
         *     - `billing_address`: Required when billing_same_as_shipping is false and none is stored.
         *     - `billing_address.country`: An assigned ISO 3166-1 alpha-2 code.
         */
        patch: operations["patch_checkout_by_id"];
        trace?: never;
    };
    "/api/v1/checkout/{id}/pay/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay: places the order (pending, stock reserved, order.created) and starts a payment with the chosen method.
         * @description Answers the payment with redirect_url (a hosted page) or instructions (offline methods). A method not offered: 400. The gateway refusing: 402 payment_failed (the order stays; pay again with a method). Paying again after a failed payment starts a new payment on the same order. A paid checkout: 409 already_paid naming the order; an expired one: 409 checkout_expired; superseded by another pay of the order while the gateway answered: 409 payment_superseded. The gateway is asked after the order is committed, outside any transaction. Honour Idempotency-Key for retries.
         */
        post: operations["post_checkout_by_id_pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/checkout/{id}/payment-methods/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payment methods offered for this checkout (list envelope).
         * @description In test mode or with a test API key only test methods, otherwise only live ones.
         */
        get: operations["get_checkout_by_id_payment_methods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers.
         * @description `search` matches e-mail, first and last name (every word must match one of them). Ordering: created_at, email, last_name (default -created_at). Bounds: created_at__gte/__lte. Filter: is_active.
         *
         *     Refused with 400 beyond the schema:
         *     - `after`: A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.
         */
        get: operations["get_customers"];
        put?: never;
        /**
         * Create a customer account (emits customer.created).
         * @description Without a password the customer cannot log in until they set one through the password reset. An e-mail in use (by a customer or staff) is 409 email_taken.
         */
        post: operations["post_customers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One customer with their saved addresses.
         * @description Staff only: profile, status, marketing consent and every saved address.
         */
        get: operations["get_customers_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a customer's names or phone, or block them (emits customer.updated).
         * @description `is_active: false` blocks the customer: their sessions end at once and logging in fails; `true` unblocks.
         */
        patch: operations["patch_customers_by_id"];
        trace?: never;
    };
    "/api/v1/customers/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The logged-in customer.
         * @description A customer session only: the profile with saved addresses. Staff and API keys use GET /api/v1/customers/{id}/.
         */
        get: operations["get_customers_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the logged-in customer: names, phone, marketing consent, e-mail, password (emits customer.updated).
         * @description A new email or new_password needs current_password: missing is 400 current_password_required, wrong is 400 wrong_password (counted like a failed login; too many: 429). A taken e-mail is 409 email_taken. A new password ends every other session of the customer.
         */
        patch: operations["patch_customers_me"];
        trace?: never;
    };
    "/api/v1/customers/me/addresses/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The logged-in customer's saved addresses.
         * @description A customer session only; the default shipping and billing addresses are marked.
         */
        get: operations["get_customers_me_addresses"];
        put?: never;
        /**
         * Save an address (at most 50 per customer).
         * @description first_name, last_name, address_line_1, city, postal_code and an ISO 3166-1 country are required. is_default_shipping / is_default_billing move that default here; the first address becomes both defaults unless told false. The 51st address is 409 address_limit_reached.
         *
         *     Refused with 400 beyond the schema:
         *     - `country`: An assigned ISO 3166-1 alpha-2 code.
         */
        post: operations["post_customers_me_addresses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/me/addresses/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One saved address of the logged-in customer.
         * @description Another customer's address answers 404.
         */
        get: operations["get_customers_me_addresses_by_id"];
        put?: never;
        post?: never;
        /**
         * Delete a saved address (a default it was is unset).
         * @description A customer session only. Orders keep their own copy of the address, so nothing else changes; answers 204.
         */
        delete: operations["delete_customers_me_addresses_by_id"];
        options?: never;
        head?: never;
        /**
         * Change a saved address or make it a default.
         * @description `is_default_*: false` on the current default leaves the customer without one of that kind.
         *
         *     Refused with 400 beyond the schema:
         *     - `country`: An assigned ISO 3166-1 alpha-2 code.
         */
        patch: operations["patch_customers_me_addresses_by_id"];
        trace?: never;
    };
    "/api/v1/events/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events the store emitted in the last 30 days, newest first (filters: type, created_at__gte, created_at__lte).
         * @description Each event as a delivery carries it: {id, type, created_at, data}.
         *
         *     Refused with 400 beyond the schema:
         *     - `after`: A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.
         */
        get: operations["get_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inventory/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stock records (variant_id, warehouse_id, updated_at__gte/__lte; ordering id (default), updated_at, quantity, variant_id, warehouse_id).
         * @description Staff only. One record per variant and warehouse: quantity on hand, units reserved by open orders, and what is available.
         *
         *     Refused with 400 beyond the schema:
         *     - `after`: A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.
         */
        get: operations["get_inventory"];
        /**
         * Update the stock of a variant at a warehouse (404 when it has no record there).
         * @description The same rules as POST, without creating.
         *
         *     Refused with 400 beyond the schema:
         *     - `variant_id`: Must name an existing variant that tracks inventory.
         *     - `warehouse_id`: Must name an existing warehouse; in a bulk write, each variant and warehouse pair once.
         */
        put: operations["put_inventory"];
        /**
         * Set the stock of a variant at a warehouse, creating the record when missing (201; 200 when it existed).
         * @description Ids are numbers or strings of digits; an unknown variant or warehouse is a 400 naming the field. Quantity 0 to 2147483647. Below what is reserved: 409 below_reserved unless "force": true. Emits inventory.updated (and inventory.low_stock when crossing the threshold).
         *
         *     Refused with 400 beyond the schema:
         *     - `variant_id`: Must name an existing variant that tracks inventory.
         *     - `warehouse_id`: Must name an existing warehouse; in a bulk write, each variant and warehouse pair once.
         */
        post: operations["post_inventory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inventory/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One stock record.
         * @description Staff only: the quantity on hand, reserved and available units of one variant in one warehouse.
         */
        get: operations["get_inventory_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inventory/adjust/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add to or take from the stock of a variant at a warehouse (point of sale, returns, count corrections).
         * @description delta: a non-zero integer. Never below 0 on hand (409 negative_stock); below what is reserved: 409 below_reserved unless "force": true. A positive delta creates a missing record. Answers 200 with the record.
         *
         *     Refused with 400 beyond the schema:
         *     - `variant_id`: Must name an existing variant that tracks inventory.
         *     - `warehouse_id`: Must name an existing warehouse; in a bulk write, each variant and warehouse pair once.
         *     - `delta`: The result stays between 0 (or what is reserved, without force) and the maximum quantity.
         */
        post: operations["post_inventory_adjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inventory/bulk/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set up to 1,000 stock records in one transaction (all or nothing).
         * @description Each record as for POST /api/v1/inventory/. Every bad record is named by index (`records.12.variant_id`) and nothing is written; a variant and warehouse named twice is a 400 on the later record. 1,001 records or more: 400. Answers 200 with the records in input order.
         *
         *     Refused with 400 beyond the schema:
         *     - `records`: Each variant and warehouse pair at most once.
         *     - `records.variant_id`: Must name an existing variant that tracks inventory.
         *     - `records.warehouse_id`: Must name an existing warehouse; in a bulk write, each variant and warehouse pair once.
         */
        post: operations["post_inventory_bulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inventory/movements/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The movements ledger (variant_id, warehouse_id, type, reference=order:42, created_at__gte/__lte, id__gte/__lte; ordering id (default), created_at).
         * @description Per variant and warehouse, delta_quantity sums to the record's quantity and delta_reserved to its reserved units; warehouse_id null is the backorder pool. Page through new rows with id__gte.
         *
         *     Refused with 400 beyond the schema:
         *     - `after`: A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.
         */
        get: operations["get_inventory_movements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders (customers: their own).
         * @description Staff see every order, a customer only their own. Filters status, payment_status, created_at__gte/__lte, search (order number exact or prefix, or e-mail contains; case-insensitive); ordering created_at (default -created_at), order_number, total; expand=items includes the items.
         *
         *     Refused with 400 beyond the schema:
         *     - `after`: A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.
         */
        get: operations["get_orders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order (a customer's own only; another's is 404); items with expand=items.
         * @description Staff see every order; a customer only their own (another's answers 404, so order numbers are not revealed). Items are included with expand=items.
         */
        get: operations["get_orders_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/cancel/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an order (staff): pending, or processing with nothing shipped; captured money is refunded in full.
         * @description Refunds what was captured and not yet refunded through the gateways (refund.created; a gateway refusal is 502 refund_failed and cancels nothing), releases its reserved stock, gives vouchers their use back, cancels pending payments; emits order.cancelled and order.updated. Another state, or anything shipped: 409 invalid_transition naming the state.
         */
        post: operations["post_orders_by_id_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/complete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a delivered order (staff) once its return window is over; a job does so by itself then. Emits order.completed.
         * @description Before the store's return_window_days since delivered_at have passed: 409 return_window_open naming when the window ends, unless ?force=true. Any state but delivered: 409 invalid_transition naming the current state.
         */
        post: operations["post_orders_by_id_complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/deliver/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a shipped order delivered (staff); the return window starts. Emits order.delivered.
         * @description Any state but shipped: 409 invalid_transition naming the current state.
         */
        post: operations["post_orders_by_id_deliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/payments/{payment_id}/capture/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture a pending payment (a bank transfer arrived): the gateway captures, the order is paid once payments cover it.
         * @description Capturing a succeeded payment changes nothing (200). A failed or cancelled payment: 409 payment_not_capturable; a cancelled order: 409 order_cancelled; the gateway refusing: 402 payment_failed. Emits payment.succeeded (and order.paid).
         */
        post: operations["post_orders_by_id_payments_by_payment_id_capture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/refunds/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The refunds of an order (a customer's own order only), oldest first; ordering created_at.
         * @description Each refund shows the amount, the reason, the items returned and the state at the payment gateway.
         */
        get: operations["get_orders_by_id_refunds"];
        put?: never;
        /**
         * Refund captured money of an order (staff), with or without items, through the payments' gateways.
         * @description amount (decimal string, > 0, at most what is left: else 400 naming amount, with the remaining amount in detail); absent: with items their paid value capped at what is left, without items everything left. Items: of this order, each once, at most the units not yet refunded (400 items.<i>.…). restock (default true): shipped units back on hand where they shipped from, unshipped units out of fulfilment with their reservation released. Nothing captured: 409 order_unpaid; everything refunded: 409 already_refunded; a gateway refusal: 502 refund_failed (nothing written); a gateway no longer installed: 409 gateway_unavailable. Emits refund.created and order.updated.
         *
         *     Refused with 400 beyond the schema:
         *     - `amount`: More than zero, with the currency's decimals, and at most what is left to refund.
         */
        post: operations["post_orders_by_id_refunds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/refunds/{refund_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One refund of an order (a customer's own order only).
         * @description The amount, reason, items returned and the gateway's outcome.
         */
        get: operations["get_orders_by_id_refunds_by_refund_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/shipments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shipments of an order (a customer's own order only), oldest first; ordering created_at.
         * @description Each shipment lists the items and units sent, from which warehouse, and the carrier and tracking number when known.
         */
        get: operations["get_orders_by_id_shipments"];
        put?: never;
        /**
         * Ship items of an order (staff): the reserved units leave stock; once every item has shipped the order is shipped.
         * @description Items must belong to the order, each named once, at most what is left to ship (400 naming items.<i>.order_item_id / items.<i>.quantity). A pending (unpaid) order: 409 order_unpaid unless the store sets allow_unpaid_shipments; shipped, delivered, completed or cancelled: 409 invalid_transition naming the state. Emits shipment.created, order.updated, and order.shipped when nothing is left to ship.
         */
        post: operations["post_orders_by_id_shipments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/shipments/{shipment_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One shipment of an order (a customer's own order only).
         * @description Its items, warehouse, carrier and tracking number.
         */
        get: operations["get_orders_by_id_shipments_by_shipment_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Correct a shipment's carrier or tracking number (staff). Emits shipment.updated and order.updated.
         * @description Staff only. Only carrier and tracking_number change; what was shipped stays as recorded.
         */
        patch: operations["patch_orders_by_id_shipments_by_shipment_id"];
        trace?: never;
    };
    "/api/v1/pages/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List CMS pages (anonymous callers and customers see published pages only).
         * @description Ordering: title (default), created_at, updated_at. `search` matches the title, base or in the negotiated language.
         */
        get: operations["get_pages"];
        put?: never;
        /**
         * Create a CMS page; the body HTML is sanitised (emits page.created).
         * @description An explicit slug already in use is 409 duplicate_slug; a slug derived from the title gets a -2, -3 … suffix instead.
         *
         *     Refused with 400 beyond the schema:
         *     - `translations`: Keys are languages the store offers.
         */
        post: operations["post_pages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/pages/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One CMS page by id (404 for an unpublished page unless staff).
         * @description Title and body in the negotiated language; staff also see drafts and the stored translations.
         */
        get: operations["get_pages_by_id"];
        /**
         * Replace a CMS page whole (emits page.updated).
         * @description Omitted fields are reset: slug derived anew from the title, empty body, unpublished, no translations.
         *
         *     Refused with 400 beyond the schema:
         *     - `translations`: Keys are languages the store offers.
         */
        put: operations["put_pages_by_id"];
        post?: never;
        /**
         * Delete a CMS page and its translations (emits page.deleted).
         * @description Staff only. The page is gone at once (its slug can be reused); answers 204.
         */
        delete: operations["delete_pages_by_id"];
        options?: never;
        head?: never;
        /**
         * Change some fields of a CMS page (emits page.updated).
         * @description A new title keeps the slug. `translations` is merged per language; `{"de": null}` removes German.
         *
         *     Refused with 400 beyond the schema:
         *     - `translations`: Keys are languages the store offers.
         */
        patch: operations["patch_pages_by_id"];
        trace?: never;
    };
    "/api/v1/pages/by-slug/{slug}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One CMS page by its slug (404 for an unpublished page unless staff).
         * @description How a shop links to a page (/pages/about-us). Title and body in the negotiated language; the body is sanitised HTML.
         */
        get: operations["get_pages_by_slug_by_slug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/notify/{gateway}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment provider's notification for gateway {gateway}: verified by the gateway, then the payment is settled.
         * @description Unknown gateway (or one taking no notifications): 404. Not verified: 400 invalid_notification. Settling twice changes nothing.
         */
        post: operations["post_payments_notify_by_gateway"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plugins/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the installed plugins with their state and settings.
         * @description Every installed plugin (built-in, npm package or folder), by name: whether it is enabled, its state and why it is not active, its settings schema and current settings. Secret settings are never shown; `secrets_set` names those that have a value.
         */
        get: operations["get_plugins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plugins/{name}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One installed plugin.
         * @description One installed plugin.
         */
        get: operations["get_plugins_by_name"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Enable, disable or configure a plugin, without a restart.
         * @description Changes `enabled` and merges `settings` (a setting set to null goes back to its default or environment value). Settings are validated against the plugin's settings schema; a missing required setting is not refused but leaves the plugin `needs_configuration`. The change takes effect at once, and within a second on every instance sharing the database; it emits `plugin.updated`. Secret settings (writeOnly) are stored sealed and never answered.
         *
         *     Refused with 400 beyond the schema:
         *     - `settings`: Each value must satisfy the plugin's settings schema.
         *     - `settings.<field>`: A value the plugin's settings schema refuses, or a setting it does not declare.
         *     - `core_plugin`: enabled: false for a core plugin (409): the store needs it.
         *     - `secrets_unreadable`: The stored secret settings cannot be opened with this store's key (409): the change must set every secret setting again.
         */
        patch: operations["patch_plugins_by_name"];
        trace?: never;
    };
    "/api/v1/products/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products with their variants (anonymous callers and customers: active products only).
         * @description Filters: category (id or slug, with subcategories), slug (one product, as a shop links to it), option=Name:Value (repeatable: a variant with that value), in_stock (with core-inventory), status (staff), price__gte/price__lte (default currency), created_at__gte/__lte, search (name, description, SKUs and the negotiated language's translations; ranked by relevance unless `ordering` is given). Ordering: name, price, created_at (default -created_at).
         *
         *     Refused with 400 beyond the schema:
         *     - `category`: Must name an existing category (by id or slug).
         *     - `option`: Each as Name:Value.
         *     - `after`: A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.
         *     - `price__gte`: At most as many decimals as the currency has.
         *     - `price__lte`: At most as many decimals as the currency has.
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        get: operations["get_products"];
        put?: never;
        /**
         * Create a product (a draft unless status says otherwise), optionally with its variants.
         * @description Emits product.created (then variant.created per variant). Unknown category_id: 400. Taken slug: 409 duplicate_slug.
         *
         *     Refused with 400 beyond the schema:
         *     - `category_id`: Must name an existing record.
         *     - `options`: Option names unique, and values unique within an option (case-insensitively); the product's variants must fit them.
         *     - `price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `compare_at_price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `translations`: Keys are languages the store offers.
         *     - `variants.options`: Exactly the product's option names, each with one of its values.
         *     - `variants.price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `variants.prices`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `variants.compare_at_price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        post: operations["post_products"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One product with its variants (404 for a product that is not active, unless staff).
         * @description Prices are in ?currency= when asked (converted, or a variant's fixed price in that currency); text is in the language Accept-Language negotiates. Staff also see drafts, archived products and the stored translations.
         *
         *     Refused with 400 beyond the schema:
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        get: operations["get_products_by_id"];
        /**
         * Replace a product's fields (left-out fields take their defaults; the slug stays).
         * @description Emits product.updated. Removing an option value (or option) a variant uses: 409 option_in_use.
         *
         *     Refused with 400 beyond the schema:
         *     - `category_id`: Must name an existing record.
         *     - `options`: Option names unique, and values unique within an option (case-insensitively); the product's variants must fit them.
         *     - `price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `compare_at_price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `translations`: Keys are languages the store offers.
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        put: operations["put_products_by_id"];
        post?: never;
        /**
         * Delete a product and its variants.
         * @description Emits variant.deleted per variant and product.deleted. Plugins may veto through catalog.variantRemoving (409).
         */
        delete: operations["delete_products_by_id"];
        options?: never;
        head?: never;
        /**
         * Change a product (publish: {"status": "active"}).
         * @description Emits product.updated. Removing an option value (or option) a variant uses: 409 option_in_use.
         *
         *     Refused with 400 beyond the schema:
         *     - `category_id`: Must name an existing record.
         *     - `options`: Option names unique, and values unique within an option (case-insensitively); the product's variants must fit them.
         *     - `price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `compare_at_price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `translations`: Keys are languages the store offers.
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        patch: operations["patch_products_by_id"];
        trace?: never;
    };
    "/api/v1/products/{id}/variants/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a variant to a product.
         * @description options: exactly the product's option names with allowed values (400 naming the bad option); a combination once per product (409 duplicate_variant); a SKU once per store (409 duplicate_sku). Emits variant.created.
         *
         *     Refused with 400 beyond the schema:
         *     - `options`: Exactly the product's option names, each with one of its values.
         *     - `price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `prices`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `compare_at_price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        post: operations["post_products_by_id_variants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/bulk/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update up to 100 products with their variants in one transaction (all or nothing).
         * @description A record with `id` updates that product (the fields given), else creates one. Variants are matched by SKU within their product (updated, else added; others are kept). Every bad record is named by index, e.g. `products.3.variants.0.sku`; nothing is written then. 101 records or more: 400.
         *
         *     Refused with 400 beyond the schema:
         *     - `products.id`: Must name an existing product.
         *     - `products.category_id`: Must name an existing record.
         *     - `products.options`: Option names unique, and values unique within an option (case-insensitively); the product's variants must fit them.
         *     - `products.price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `products.compare_at_price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `products.translations`: Keys are languages the store offers.
         *     - `products.variants.options`: Exactly the product's option names, each with one of its values.
         *     - `products.variants.price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `products.variants.prices`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `products.variants.compare_at_price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        post: operations["post_products_bulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/facets/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The option names and values on offer among the products a list with the same filters shows: a shop's filters.
         * @description Takes the product list's filters (category, option, in_stock, status, search, price__gte/price__lte) and reads the options of the newest 1000 matching products; `truncated` says whether more matched. Anonymous callers and customers: active products only.
         *
         *     Refused with 400 beyond the schema:
         *     - `category`: Must name an existing category (by id or slug).
         *     - `option`: Each as Name:Value.
         *     - `price__gte`: At most as many decimals as the currency has.
         *     - `price__lte`: At most as many decimals as the currency has.
         */
        get: operations["get_products_facets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shipping-methods/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shipping methods (ordering: name, created_at; filters: active, country).
         * @description Staff only. Flat-rate methods: a price per order in a currency, the countries served (empty: everywhere) and an optional free-shipping threshold.
         */
        get: operations["get_shipping_methods"];
        put?: never;
        /**
         * Create a flat-rate shipping method.
         * @description Unknown country, a currency the store does not offer or a malformed amount: 400 naming each field. Emits shipping_method.created.
         *
         *     Refused with 400 beyond the schema:
         *     - `price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `currency`: One of the store's currencies.
         *     - `countries`: An assigned ISO 3166-1 alpha-2 code.
         *     - `free_above`: At most as many decimals as the currency has, and within the documented bounds.
         */
        post: operations["post_shipping_methods"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shipping-methods/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One shipping method.
         * @description Staff only: its price, currency, countries and free-shipping threshold.
         */
        get: operations["get_shipping_methods_by_id"];
        put?: never;
        post?: never;
        /**
         * Delete a shipping method.
         * @description Emits shipping_method.deleted.
         */
        delete: operations["delete_shipping_methods_by_id"];
        options?: never;
        head?: never;
        /**
         * Change a shipping method; amounts are re-read in the resulting currency.
         * @description Emits shipping_method.updated.
         *
         *     Refused with 400 beyond the schema:
         *     - `price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `currency`: One of the store's currencies.
         *     - `countries`: An assigned ISO 3166-1 alpha-2 code.
         *     - `free_above`: At most as many decimals as the currency has, and within the documented bounds.
         */
        patch: operations["patch_shipping_methods_by_id"];
        trace?: never;
    };
    "/api/v1/staff/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List staff accounts.
         * @description Ordering: email (default), created_at, last_name. Filters: search (e-mail and names), is_active.
         */
        get: operations["get_staff"];
        put?: never;
        /**
         * Add a staff account (owner only).
         * @description Without a password the new member is mailed a password reset link to choose one. An e-mail in use (staff or customer) is 409 email_taken. A staff session that is not the owner's: 403.
         */
        post: operations["post_staff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One staff account.
         * @description One staff account.
         */
        get: operations["get_staff_by_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a staff account: names, role, active (owner only).
         * @description Deactivating ends the account's sessions at once. The store keeps at least one active owner: demoting or deactivating the last one is 409 last_owner.
         */
        patch: operations["patch_staff_by_id"];
        trace?: never;
    };
    "/api/v1/store/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store: name, currencies and rates, languages, tax settings, test mode, branding.
         * @description Public: shops read it to show prices, languages and branding. Nothing secret is in it.
         */
        get: operations["get_store"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change store settings (any subset); the whole result is validated.
         * @description Staff only. The changed settings are merged into the current ones and the whole result is checked at once: every bad field is named in one 400. Emits store.updated.
         *
         *     Refused with 400 beyond the schema:
         *     - `default_currency`: One of `currencies`.
         *     - `exchange_rates`: Greater than zero; only for the store's currencies other than the default, and required for each of them.
         *     - `default_language`: A well-formed BCP 47 tag, one of `languages`.
         *     - `languages`: Well-formed BCP 47 tags, each once (case-insensitively).
         *     - `tax_rates.country`: Each country once.
         */
        patch: operations["patch_store"];
        trace?: never;
    };
    "/api/v1/themes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the installed themes.
         * @description Every theme in THEMES_DIR or named in THEMES, usable or not (an unusable one says why), with its parent, whether it is active and its settings schema.
         */
        get: operations["get_themes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/themes/{name}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One installed theme.
         * @description One installed theme.
         */
        get: operations["get_themes_by_name"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/themes/{name}/activate/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a theme the one the storefront uses.
         * @description The choice is stored, so it holds on every instance and after a restart (THEME is only the default until a theme is activated). Emits theme.activated; cached anonymous answers are dropped.
         *
         *     Refused with 400 beyond the schema:
         *     - `theme_unusable`: The theme cannot be used (409): its `reason` says why.
         */
        post: operations["post_themes_by_name_activate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/themes/{name}/settings/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A theme's effective settings (stored values over defaults).
         * @description A theme's effective settings (stored values over defaults).
         *
         *     Refused with 400 beyond the schema:
         *     - `theme_unusable`: The theme cannot be used (409), so it has no settings.
         */
        get: operations["get_themes_by_name_settings"];
        /**
         * Replace a theme's settings; any setting left out goes back to its default.
         * @description Validated against the theme's settings_schema: every bad or unknown setting is named as `settings.<id>` in one 400. Works for inactive themes too (configure before activating). Emits theme.updated; cached anonymous answers are dropped.
         *
         *     Refused with 400 beyond the schema:
         *     - `settings`: Each value must satisfy the theme's settings schema; only its settings.
         *     - `settings.<id>`: A value the theme's settings schema refuses, or a setting the theme does not have.
         *     - `theme_unusable`: The theme cannot be used (409).
         */
        put: operations["put_themes_by_name_settings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/variants/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List variants, by SKU and/or product (anonymous callers and customers: variants of active products only).
         * @description Filter by exact SKU (case-insensitive) or by product; prices in ?currency= when asked. Staff see the variants of every product.
         *
         *     Refused with 400 beyond the schema:
         *     - `after`: A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        get: operations["get_variants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/variants/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One variant (404 for a variant of a product that is not active, unless staff).
         * @description Price in ?currency= when asked; with stock (available, in_stock) when core-inventory is loaded.
         *
         *     Refused with 400 beyond the schema:
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        get: operations["get_variants_by_id"];
        put?: never;
        post?: never;
        /**
         * Delete a variant.
         * @description Plugins may veto through catalog.variantRemoving (409). Emits variant.deleted.
         */
        delete: operations["delete_variants_by_id"];
        options?: never;
        head?: never;
        /**
         * Change a variant.
         * @description The same rules as creating one. Emits variant.updated.
         *
         *     Refused with 400 beyond the schema:
         *     - `options`: Exactly the product's option names, each with one of its values.
         *     - `price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `prices`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `compare_at_price`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `unsupported_currency`: `currency` is not one of the store's currencies.
         */
        patch: operations["patch_variants_by_id"];
        trace?: never;
    };
    "/api/v1/vouchers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List vouchers (ordering: code, created_at, times_used; filters: active, code, search).
         * @description Staff only. Each voucher with its discount, limits, dates and how often it was used.
         *
         *     Refused with 400 beyond the schema:
         *     - `after`: A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.
         */
        get: operations["get_vouchers"];
        put?: never;
        /**
         * Create a voucher.
         * @description A code taken in any case: 409 duplicate_code. Bad amounts, percentages, currencies or dates: 400 naming each field. Emits voucher.created.
         *
         *     Refused with 400 beyond the schema:
         *     - `value`: percentage: over 0 and at most 100 with up to 4 decimals; fixed: over 0 with the currency's decimals. Required when discount_type changes.
         *     - `currency`: One of the store's currencies; required for a fixed discount.
         *     - `min_subtotal`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `ends_at`: Later than starts_at.
         */
        post: operations["post_vouchers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/vouchers/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One voucher, with times_used.
         * @description Staff only: the discount, currency, minimum subtotal, limits, validity dates and uses so far.
         */
        get: operations["get_vouchers_by_id"];
        put?: never;
        post?: never;
        /**
         * Delete a voucher (it leaves the carts that hold it; placed orders keep their discount).
         * @description Emits voucher.deleted.
         */
        delete: operations["delete_vouchers_by_id"];
        options?: never;
        head?: never;
        /**
         * Change a voucher; the result is validated as a whole.
         * @description Emits voucher.updated.
         *
         *     Refused with 400 beyond the schema:
         *     - `value`: percentage: over 0 and at most 100 with up to 4 decimals; fixed: over 0 with the currency's decimals. Required when discount_type changes.
         *     - `currency`: One of the store's currencies; required for a fixed discount.
         *     - `min_subtotal`: At most as many decimals as the currency has, and within the documented bounds.
         *     - `ends_at`: Later than starts_at.
         */
        patch: operations["patch_vouchers_by_id"];
        trace?: never;
    };
    "/api/v1/warehouses/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List warehouses (ordering: priority (default), name, code, created_at; active=true|false).
         * @description Staff only. Warehouses hold stock; allocation takes from the lowest priority first, and inactive ones are left out of availability.
         */
        get: operations["get_warehouses"];
        put?: never;
        /**
         * Create a warehouse.
         * @description A code in use (case-insensitively): 409 duplicate_code. An unknown country: 400. Emits warehouse.created.
         *
         *     Refused with 400 beyond the schema:
         *     - `country`: An assigned ISO 3166-1 alpha-2 code.
         */
        post: operations["post_warehouses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/warehouses/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One warehouse.
         * @description Staff only: its code, country, priority and whether it is active.
         */
        get: operations["get_warehouses_by_id"];
        put?: never;
        post?: never;
        /**
         * Delete a warehouse that holds no stock and no reservations (else 409 warehouse_not_empty).
         * @description Its empty records are deleted with it; its movements stay in the ledger. Emits warehouse.deleted.
         */
        delete: operations["delete_warehouses_by_id"];
        options?: never;
        head?: never;
        /**
         * Change a warehouse (deactivate it with {"active": false}).
         * @description Inactive warehouses keep their stock and reservations but are left out of new allocations and of availability. Emits warehouse.updated.
         *
         *     Refused with 400 beyond the schema:
         *     - `country`: An assigned ISO 3166-1 alpha-2 code.
         */
        patch: operations["patch_warehouses_by_id"];
        trace?: never;
    };
    "/api/v1/webhooks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints (ordering: created_at, url; filter: active). Never their secrets.
         * @description Staff only. Each endpoint with its URL, subscribed events and whether deliveries are active; the signing secret is shown only on creation and rotation.
         */
        get: operations["get_webhooks"];
        put?: never;
        /**
         * Create a webhook endpoint; the answer carries its signing secret, shown only this once.
         * @description url: https (plain http only to localhost, 127.0.0.0/8, ::1); link-local, cloud metadata, unspecified and multicast addresses are refused (400). events: types from the catalogue (see the `webhooks` section), or ["*"] alone; an unknown type or an empty list is a 400.
         *
         *     Refused with 400 beyond the schema:
         *     - `url`: https, to a public address (plain http only for loopback hosts); no credentials in the URL.
         *     - `events`: Known event types, or "*" alone.
         */
        post: operations["post_webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint (without its secret).
         * @description Staff only: URL, events, state, and why it was disabled if it was.
         */
        get: operations["get_webhooks_by_id"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint and its delivery log.
         * @description Staff only. Deliveries still queued for it are dropped; answers 204.
         */
        delete: operations["delete_webhooks_by_id"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint; {"active": true} turns a disabled one back on.
         * @description Staff only. Any subset of url, events, description and active; the URL and events are checked as on creation.
         *
         *     Refused with 400 beyond the schema:
         *     - `url`: https, to a public address (plain http only for loopback hosts); no credentials in the URL.
         *     - `events`: Known event types, or "*" alone.
         */
        patch: operations["patch_webhooks_by_id"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log of an endpoint, newest first (filters: status, event_id; ordering: created_at, attempts).
         * @description Staff only. Each attempt to deliver an event: status, attempts, the answer's status code and when the next retry is due.
         *
         *     Refused with 400 beyond the schema:
         *     - `after`: A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.
         */
        get: operations["get_webhooks_by_id_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again soon, whatever its status (a failed one too), with a fresh 3-day retry window.
         * @description 409 endpoint_inactive while the endpoint is off, delivery_in_progress while an attempt is under way, event_purged when the event is older than the 30 days events are kept.
         */
        post: operations["post_webhooks_by_id_deliveries_by_delivery_id_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the answer carries the new one, shown only this once.
         * @description Deliveries attempted after this commits are signed with the new secret, retries of older events included.
         */
        post: operations["post_webhooks_by_id_rotate_secret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process is up and serving.
         * @description Answers 200 while the process serves requests, without touching the database. For a load balancer or orchestrator liveness probe; not rate limited by design of the probe, needs no credentials.
         */
        get: operations["get_healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/latest/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The machine-readable description of this API (OpenAPI 3.1).
         * @description This document: every operation, its parameters, bodies, answers and errors, generated from the schemas the server validates with. /docs renders it for people.
         */
        get: operations["get_latest_openapi_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers.
         * @description Answers 200 when the database answers a query, else 503: send traffic to this instance only while it is ready.
         */
        get: operations["get_readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "cart.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * cart.created
         * @description A cart was created (empty, or with the first item of a session cart). `data.id` is the cart id: a guest's bearer capability, sent only to endpoints staff configured — keep it private. Sent to every active endpoint subscribed to `cart.created` or `*`.
         */
        post: operations["webhook_cart_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "cart.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * cart.updated
         * @description A cart changed: items added, changed or removed, a voucher applied or removed, a guest cart joined to a customer at login, or the cart was ordered (`status: ordered`) when its checkout's order was placed. `data` is the cart in its currency and the store's default language; `data.id` is a guest's bearer capability — keep it private. Sent to every active endpoint subscribed to `cart.updated` or `*`.
         */
        post: operations["webhook_cart_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "category.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * category.created
         * @description A category was created. Sent to every active endpoint subscribed to `category.created` or `*`.
         */
        post: operations["webhook_category_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "category.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * category.deleted
         * @description A category was deleted; `data` is its last state. Sent to every active endpoint subscribed to `category.deleted` or `*`.
         */
        post: operations["webhook_category_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "category.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * category.updated
         * @description A category changed. Sent to every active endpoint subscribed to `category.updated` or `*`.
         */
        post: operations["webhook_category_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.created
         * @description A checkout was opened on a cart (e-mail, shipping address). `data.id` and `data.cart_id` are bearer capabilities for guests — keep them private. Sent to every active endpoint subscribed to `checkout.created` or `*`.
         */
        post: operations["webhook_checkout_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * checkout.updated
         * @description A checkout changed: e-mail, addresses or shipping method; or it became paid, or expired with its unpaid order. `data.id` and `data.cart_id` are bearer capabilities for guests — keep them private. Sent to every active endpoint subscribed to `checkout.updated` or `*`.
         */
        post: operations["webhook_checkout_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.created
         * @description A customer account was created (registration or by staff). Sent to every active endpoint subscribed to `customer.created` or `*`.
         */
        post: operations["webhook_customer_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.updated
         * @description A customer's profile changed. Sent to every active endpoint subscribed to `customer.updated` or `*`.
         */
        post: operations["webhook_customer_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inventory.low_stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * inventory.low_stock
         * @description The available units of a variant at a warehouse fell below the store's low-stock threshold. Sent to every active endpoint subscribed to `inventory.low_stock` or `*`.
         */
        post: operations["webhook_inventory_low_stock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inventory.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * inventory.updated
         * @description The stock of a variant at a warehouse changed (on hand or reserved). Sent to every active endpoint subscribed to `inventory.updated` or `*`.
         */
        post: operations["webhook_inventory_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.cancelled
         * @description An order was cancelled (by staff, or unpaid past its expiry); its reservation released. Sent to every active endpoint subscribed to `order.cancelled` or `*`.
         */
        post: operations["webhook_order_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.completed
         * @description An order was completed (by staff, or after the return window). Sent to every active endpoint subscribed to `order.completed` or `*`.
         */
        post: operations["webhook_order_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.created
         * @description An order was placed (status pending, stock reserved). Sent to every active endpoint subscribed to `order.created` or `*`.
         */
        post: operations["webhook_order_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.delivered
         * @description An order was marked delivered. Sent to every active endpoint subscribed to `order.delivered` or `*`.
         */
        post: operations["webhook_order_delivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.paid
         * @description An order was paid in full and moved to processing. Sent to every active endpoint subscribed to `order.paid` or `*`.
         */
        post: operations["webhook_order_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.shipped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.shipped
         * @description Shipments cover every item of an order: it moved to shipped. Sent to every active endpoint subscribed to `order.shipped` or `*`.
         */
        post: operations["webhook_order_shipped"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.updated
         * @description An order changed otherwise (addresses, notes, fulfilment or payment status). Sent to every active endpoint subscribed to `order.updated` or `*`.
         */
        post: operations["webhook_order_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "page.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * page.created
         * @description A CMS page was created. Sent to every active endpoint subscribed to `page.created` or `*`.
         */
        post: operations["webhook_page_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "page.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * page.deleted
         * @description A CMS page was deleted; `data` is its last state. Sent to every active endpoint subscribed to `page.deleted` or `*`.
         */
        post: operations["webhook_page_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "page.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * page.updated
         * @description A CMS page changed. Sent to every active endpoint subscribed to `page.updated` or `*`.
         */
        post: operations["webhook_page_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.failed
         * @description A payment attempt failed; the order stays pending. Sent to every active endpoint subscribed to `payment.failed` or `*`.
         */
        post: operations["webhook_payment_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.succeeded
         * @description A payment of an order succeeded (captured). Sent to every active endpoint subscribed to `payment.succeeded` or `*`.
         */
        post: operations["webhook_payment_succeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "plugin.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * plugin.updated
         * @description A plugin was enabled, disabled or configured (through the API or `npx storekeep plugins`). `data` is the plugin resource: its state after the change and its settings, secrets never included (`secrets_set` names those that have a value). Sent to every active endpoint subscribed to `plugin.updated` or `*`.
         */
        post: operations["webhook_plugin_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * product.created
         * @description A product was created. Sent to every active endpoint subscribed to `product.created` or `*`.
         */
        post: operations["webhook_product_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * product.deleted
         * @description A product was deleted; `data` is its last state. Sent to every active endpoint subscribed to `product.deleted` or `*`.
         */
        post: operations["webhook_product_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * product.updated
         * @description A product changed (fields, status, prices, translations). Sent to every active endpoint subscribed to `product.updated` or `*`.
         */
        post: operations["webhook_product_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.created
         * @description A refund of an order was recorded. Sent to every active endpoint subscribed to `refund.created` or `*`.
         */
        post: operations["webhook_refund_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "shipment.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * shipment.created
         * @description A shipment of an order was created (carrier, tracking number, items). Sent to every active endpoint subscribed to `shipment.created` or `*`.
         */
        post: operations["webhook_shipment_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "shipment.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * shipment.updated
         * @description A shipment changed (tracking number or carrier). Sent to every active endpoint subscribed to `shipment.updated` or `*`.
         */
        post: operations["webhook_shipment_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "shipping_method.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * shipping_method.created
         * @description A shipping method was created. Sent to every active endpoint subscribed to `shipping_method.created` or `*`.
         */
        post: operations["webhook_shipping_method_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "shipping_method.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * shipping_method.deleted
         * @description A shipping method was deleted; `data` is its last state. Sent to every active endpoint subscribed to `shipping_method.deleted` or `*`.
         */
        post: operations["webhook_shipping_method_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "shipping_method.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * shipping_method.updated
         * @description A shipping method changed. Sent to every active endpoint subscribed to `shipping_method.updated` or `*`.
         */
        post: operations["webhook_shipping_method_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "store.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * store.updated
         * @description The store's settings changed. Sent to every active endpoint subscribed to `store.updated` or `*`.
         */
        post: operations["webhook_store_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "theme.activated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * theme.activated
         * @description Staff activated a theme: the storefront uses it from now on. Sent to every active endpoint subscribed to `theme.activated` or `*`.
         */
        post: operations["webhook_theme_activated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "theme.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * theme.updated
         * @description Staff changed a theme's settings; `data.settings` holds every setting of the theme (stored values over defaults). Sent to every active endpoint subscribed to `theme.updated` or `*`.
         */
        post: operations["webhook_theme_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "variant.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * variant.created
         * @description A variant was added to a product. Sent to every active endpoint subscribed to `variant.created` or `*`.
         */
        post: operations["webhook_variant_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "variant.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * variant.deleted
         * @description A variant was deleted; `data` is its last state. Sent to every active endpoint subscribed to `variant.deleted` or `*`.
         */
        post: operations["webhook_variant_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "variant.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * variant.updated
         * @description A variant changed. Sent to every active endpoint subscribed to `variant.updated` or `*`.
         */
        post: operations["webhook_variant_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "voucher.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * voucher.created
         * @description A voucher was created. Sent to every active endpoint subscribed to `voucher.created` or `*`.
         */
        post: operations["webhook_voucher_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "voucher.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * voucher.deleted
         * @description A voucher was deleted; `data` is its last state. Sent to every active endpoint subscribed to `voucher.deleted` or `*`.
         */
        post: operations["webhook_voucher_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "voucher.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * voucher.updated
         * @description A voucher changed. Sent to every active endpoint subscribed to `voucher.updated` or `*`.
         */
        post: operations["webhook_voucher_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "warehouse.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * warehouse.created
         * @description A warehouse (stock location) was created. Sent to every active endpoint subscribed to `warehouse.created` or `*`.
         */
        post: operations["webhook_warehouse_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "warehouse.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * warehouse.deleted
         * @description A warehouse was deleted; `data` is its last state. Sent to every active endpoint subscribed to `warehouse.deleted` or `*`.
         */
        post: operations["webhook_warehouse_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "warehouse.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * warehouse.updated
         * @description A warehouse changed. Sent to every active endpoint subscribed to `warehouse.updated` or `*`.
         */
        post: operations["webhook_warehouse_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Cart: {
            /** Format: date-time */
            created_at: string;
            currency: string;
            customer_id: number | null;
            discount: components["schemas"]["Money"];
            discounts: {
                amount: components["schemas"]["Money"];
                code: string;
                description?: string | null;
                source: string;
            }[];
            /** Format: uuid */
            id: string;
            item_count: number;
            items: {
                /** @description Units of the variant available now over active warehouses; null when any quantity may be bought (stock not tracked, or backorders allowed). Nothing is reserved before paying. */
                available_quantity: number | null;
                discount: components["schemas"]["Money"];
                id: number;
                /** @description The product name in the negotiated language where translated. */
                name: string;
                options: {
                    [key: string]: string;
                };
                product_id: number;
                /** @description Whether the line can be bought as it stands. False when the product is no longer for sale (the line is left out of the totals) or fewer than `quantity` units are available (see available_quantity; the line stays in the totals); either blocks checkout. */
                purchasable: boolean;
                quantity: number;
                sku: string;
                tax: components["schemas"]["Money"];
                total: components["schemas"]["Money"];
                unit_price: components["schemas"]["Money"];
                variant_id: number;
            }[];
            prices_include_tax: boolean;
            shipping: components["schemas"]["Money"];
            shipping_tax: components["schemas"]["Money"];
            /** @enum {string} */
            status: "open" | "ordered";
            subtotal: components["schemas"]["Money"];
            tax: components["schemas"]["Money"];
            total: components["schemas"]["Money"];
            /** Format: date-time */
            updated_at: string;
        };
        Category: {
            /** Format: date-time */
            created_at: string;
            description: string;
            id: number;
            /** @description In the negotiated language, else the base text. */
            name: string;
            parent_id: number | null;
            slug: string;
            /** @description Staff only: the translations as stored. */
            translations?: {
                [key: string]: {
                    description?: string;
                    name?: string;
                };
            };
            /** Format: date-time */
            updated_at: string;
        };
        Checkout: {
            billing_address: {
                address_line_1: string;
                address_line_2?: string | null;
                city: string;
                company?: string | null;
                country: string;
                first_name: string;
                last_name: string;
                phone?: string | null;
                postal_code: string;
                state?: string | null;
            };
            billing_same_as_shipping: boolean;
            cart_id: string;
            /** Format: date-time */
            created_at: string;
            currency: string;
            customer_id?: number | null;
            discount: components["schemas"]["Money"];
            discounts: {
                amount: components["schemas"]["Money"];
                code: string;
                description?: string | null;
                source: string;
            }[];
            email: string;
            /** Format: uuid */
            id: string;
            item_count: number;
            items: {
                /** @description Units of the variant available now over active warehouses; null when any quantity may be bought (stock not tracked, or backorders allowed). Nothing is reserved before paying. */
                available_quantity: number | null;
                discount: components["schemas"]["Money"];
                id: number;
                /** @description The product name in the negotiated language where translated. */
                name: string;
                options: {
                    [key: string]: string;
                };
                product_id: number;
                /** @description Whether the line can be bought as it stands. False when the product is no longer for sale (the line is left out of the totals) or fewer than `quantity` units are available (see available_quantity; the line stays in the totals); either blocks checkout. */
                purchasable: boolean;
                quantity: number;
                sku: string;
                tax: components["schemas"]["Money"];
                total: components["schemas"]["Money"];
                unit_price: components["schemas"]["Money"];
                variant_id: number;
            }[];
            order: {
                id: number;
                order_number: string;
            } | null;
            /**
             * Format: uri
             * @description The store's page where the shopper completes payment.
             */
            payment_url: string;
            prices_include_tax: boolean;
            shipping: components["schemas"]["Money"];
            shipping_address: {
                address_line_1: string;
                address_line_2?: string | null;
                city: string;
                company?: string | null;
                country: string;
                first_name: string;
                last_name: string;
                phone?: string | null;
                postal_code: string;
                state?: string | null;
            };
            shipping_method: {
                description?: string | null;
                id: number | string;
                name: string;
                price: components["schemas"]["Money"];
                provider: string;
            } | null;
            /** @description The methods that ship to the address (empty when none does). */
            shipping_methods: {
                description?: string | null;
                id: number | string;
                name: string;
                price: components["schemas"]["Money"];
                provider: string;
            }[];
            shipping_tax: components["schemas"]["Money"];
            /** @enum {string} */
            status: "open" | "paid" | "expired";
            subtotal: components["schemas"]["Money"];
            tax: components["schemas"]["Money"];
            total: components["schemas"]["Money"];
            /** Format: date-time */
            updated_at: string;
        };
        Customer: {
            accepts_marketing: boolean;
            /** Format: date-time */
            created_at: string;
            default_billing_address_id: number | null;
            default_shipping_address_id: number | null;
            email: string;
            first_name: string;
            id: number;
            /** @description false: blocked, cannot log in. */
            is_active: boolean;
            /** Format: date-time */
            last_login_at: string | null;
            last_name: string;
            phone: string | null;
        };
        CustomerAddress: {
            address_line_1: string;
            address_line_2: string | null;
            city: string;
            company: string | null;
            country: string;
            /** Format: date-time */
            created_at: string;
            first_name: string;
            id: number;
            is_default_billing: boolean;
            is_default_shipping: boolean;
            last_name: string;
            phone: string | null;
            postal_code: string;
            state: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        Error: {
            code: string;
            detail: string;
            errors?: {
                [key: string]: string[];
            };
        };
        Event: {
            /** Format: date-time */
            created_at: string;
            /** @description The resource as the API shows it; see the event catalogue. */
            data: {
                [key: string]: unknown;
            };
            id: number;
            type: string;
        };
        InventoryMovement: {
            /** @description staff:<id>, api_key:<id>, customer:<id> or system. */
            actor: string;
            /** Format: date-time */
            created_at: string;
            delta_quantity: number;
            delta_reserved: number;
            id: number;
            reason: string;
            reference_id: string | null;
            reference_type: string | null;
            /** @enum {string} */
            type: "set" | "adjust" | "reserve" | "release" | "ship" | "restock" | "remove";
            variant_id: number;
            /** @description null: the backorder pool (units promised with no stock behind them). */
            warehouse_id: number | null;
        };
        InventoryRecord: {
            /** @description quantity − reserved; never negative. */
            available: number;
            /** Format: date-time */
            created_at: string;
            id: number;
            /** @description On hand. */
            quantity: number;
            /** @description Held for orders (the sum of live reservations here). */
            reserved: number;
            sku: string | null;
            /** Format: date-time */
            updated_at: string;
            variant_id: number;
            warehouse_id: number;
        };
        /** @description An exact amount: a decimal string with the currency's ISO 4217 number of decimals. */
        Money: {
            /** @example 12.50 */
            amount: string;
            /** @example EUR */
            currency: string;
        };
        Order: {
            amount_paid?: components["schemas"]["Money"];
            amount_refunded?: components["schemas"]["Money"];
            billing_address: {
                address_line_1: string;
                address_line_2?: string | null;
                city: string;
                company?: string | null;
                country: string;
                first_name: string;
                last_name: string;
                phone?: string | null;
                postal_code: string;
                state?: string | null;
            };
            /** Format: date-time */
            cancelled_at?: string | null;
            checkout_id?: string;
            /** Format: date-time */
            completed_at?: string | null;
            /** Format: date-time */
            created_at: string;
            currency: string;
            customer_id: number | null;
            /** Format: date-time */
            delivered_at?: string | null;
            discount: components["schemas"]["Money"];
            discounts?: {
                amount: components["schemas"]["Money"];
                code: string;
                description?: string | null;
                source: string;
            }[];
            email: string;
            /** @description Units of the order's currency per unit of the store's default currency when it was placed. */
            exchange_rate?: string;
            /** @enum {string} */
            fulfillment_status: "unfulfilled" | "partial" | "fulfilled";
            id: number;
            /** @description Only with expand=items. */
            items?: {
                discount?: components["schemas"]["Money"];
                id: number;
                name: string;
                options: {
                    [key: string]: string;
                };
                product_id?: number;
                quantity: number;
                /** @description Units refunded (returned, taken out of fulfilment, or refunded while kept). */
                quantity_refunded?: number;
                /** @description Units that left in shipments. */
                quantity_shipped?: number;
                /** @description Units still to ship: refunded units taken out of fulfilment never ship. */
                quantity_to_ship?: number;
                sku?: string;
                tax?: components["schemas"]["Money"];
                tax_rate?: string | null;
                total: components["schemas"]["Money"];
                unit_price: components["schemas"]["Money"];
                variant: {
                    id: number;
                    sku: string;
                };
                variant_id?: number;
            }[];
            /** @description The order's language, in which mail to the customer is written: the language negotiated when paying, else the store's default. */
            language: string;
            order_number: string;
            /** @enum {string} */
            payment_status: "unpaid" | "paid" | "partially_refunded" | "refunded";
            payments: {
                amount: components["schemas"]["Money"];
                captured?: components["schemas"]["Money"];
                /** Format: date-time */
                created_at?: string;
                error?: string | null;
                gateway: string;
                id: number;
                instructions?: string | null;
                method: string;
                order_id: number;
                redirect_url?: string | null;
                refunded?: components["schemas"]["Money"];
                /** @enum {string} */
                status: "pending" | "succeeded" | "failed" | "cancelled";
                test?: boolean;
                /** Format: date-time */
                updated_at?: string;
            }[];
            prices_include_tax?: boolean;
            refunds: components["schemas"]["Refund"][];
            shipments: components["schemas"]["Shipment"][];
            /** Format: date-time */
            shipped_at?: string | null;
            shipping: components["schemas"]["Money"];
            shipping_address: {
                address_line_1: string;
                address_line_2?: string | null;
                city: string;
                company?: string | null;
                country: string;
                first_name: string;
                last_name: string;
                phone?: string | null;
                postal_code: string;
                state?: string | null;
            };
            shipping_method: {
                description?: string | null;
                id: number | string;
                name: string;
                price: components["schemas"]["Money"];
                provider: string;
            } | null;
            shipping_tax?: components["schemas"]["Money"];
            /** @enum {string} */
            status: "pending" | "processing" | "shipped" | "delivered" | "completed" | "cancelled";
            subtotal: components["schemas"]["Money"];
            tax: components["schemas"]["Money"];
            test: boolean;
            total: components["schemas"]["Money"];
            /** Format: date-time */
            updated_at: string;
        };
        Plugin: {
            description: string;
            /** @description Whether an operator left it on. Core plugins are always enabled. */
            enabled: boolean;
            /** @description What it provides: payment, shipping, marketing, … */
            kinds: string[];
            /** @description The plugin's name (what PLUGINS and the URL use). */
            name: string;
            /** @description Why it is not active; null when it is. */
            reason: string | null;
            /** @description The secret settings that have a value (which is never shown). */
            secrets_set: string[];
            /** @description The current settings (defaults < environment < set through this API), secrets left out. */
            settings: {
                [key: string]: unknown;
            };
            /** @description The JSON Schema of its settings. Properties with writeOnly: true are secrets; x-env names the environment variable giving a default. */
            settings_schema: {
                [key: string]: unknown;
            };
            /**
             * @description Shipped with the store, an installed npm package, or a folder named in PLUGINS.
             * @enum {string}
             */
            source: "built-in" | "package" | "folder";
            /**
             * @description active: it serves. needs_configuration: a required setting is missing or one is invalid. disabled: an operator turned it off. failed: it could not take a change (see reason). Off, its routes answer 404, its hooks are skipped, its jobs wait and its payment and shipping methods are not offered.
             * @enum {string}
             */
            state: "active" | "needs_configuration" | "disabled" | "failed";
            /**
             * Format: date-time
             * @description When an operator last changed it; null if never.
             */
            updated_at: string | null;
            version: string;
        };
        Product: {
            /** @description Units that can be sold now, summed over its tracked variants; null when none is tracked. Present when core-inventory is loaded. */
            available?: number | null;
            category_id: number | null;
            compare_at_price: components["schemas"]["Money"] | null;
            /** Format: date-time */
            created_at: string;
            description: string;
            id: number;
            images: {
                alt: string;
                url: string;
            }[];
            /** @description Whether any variant can be bought now. Present when core-inventory is loaded. */
            in_stock?: boolean;
            /** @description In the negotiated language (Accept-Language), else the base text. */
            name: string;
            options: {
                name: string;
                values: string[];
            }[];
            /** @description The explicit price, else the lowest variant price; null without either. */
            price: components["schemas"]["Money"] | null;
            slug: string;
            /** @enum {string} */
            status: "draft" | "active" | "archived";
            /** @description Staff only: the translations as stored. */
            translations?: {
                [key: string]: {
                    description?: string;
                    name?: string;
                };
            };
            /** Format: date-time */
            updated_at: string;
            variants: components["schemas"]["Variant"][];
        } & {
            [key: string]: unknown;
        };
        Refund: {
            amount: components["schemas"]["Money"];
            /** Format: date-time */
            created_at: string;
            id: number;
            items: {
                name: string;
                order_item_id: number;
                quantity: number;
                sku: string;
            }[];
            notify_customer: boolean;
            order_id: number;
            order_number: string;
            /** @description How the amount went back: one gateway refund per captured payment, oldest payment first. */
            payments: {
                amount: components["schemas"]["Money"];
                payment_id: number;
            }[];
            reason: string;
            restock: boolean;
        };
        Shipment: {
            carrier: string;
            /** Format: date-time */
            created_at: string;
            id: number;
            items: {
                name: string;
                options: {
                    [key: string]: string;
                };
                order_item_id: number;
                quantity: number;
                sku: string;
            }[];
            notify_customer: boolean;
            order_id: number;
            order_number: string;
            tracking_number: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The warehouse given, else the one the units left from (null when several, or none: untracked items). */
            warehouse_id: number | null;
        };
        ShippingMethod: {
            active: boolean;
            /** @description ISO 3166-1 alpha-2 codes; empty: ships everywhere. */
            countries: string[];
            /** Format: date-time */
            created_at: string;
            currency: string;
            description: string | null;
            /** @description Free shipping once the subtotal after discounts reaches this. */
            free_above: components["schemas"]["Money"] | null;
            id: number;
            name: string;
            price: components["schemas"]["Money"];
            /** @enum {string} */
            provider: "flat_rate";
            /** Format: date-time */
            updated_at: string;
        };
        StaffAccount: {
            /** Format: date-time */
            created_at: string;
            /** Format: email */
            email: string;
            first_name: string;
            id: number;
            /** @description false: the account cannot sign in (its sessions ended when it was deactivated). */
            is_active: boolean;
            /** Format: date-time */
            last_login_at: string | null;
            last_name: string;
            /**
             * @description Owners also manage staff accounts.
             * @enum {string}
             */
            role: "owner" | "staff";
        };
        Store: {
            allow_unpaid_shipments: boolean;
            branding: {
                accent_color?: string | null;
                /** Format: uri */
                logo_url?: string | null;
                primary_color?: string | null;
                tagline?: string | null;
            };
            country: ("AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW") | null;
            /** Format: date-time */
            created_at: string;
            currencies: ("AED" | "AFN" | "ALL" | "AMD" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XOF" | "XPF" | "YER" | "ZAR" | "ZMW" | "ZWG")[];
            /**
             * @description One of `currencies`.
             * @enum {string}
             */
            default_currency: "AED" | "AFN" | "ALL" | "AMD" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XOF" | "XPF" | "YER" | "ZAR" | "ZMW" | "ZWG";
            /** @description One of `languages`. */
            default_language: string;
            /** Format: email */
            email: string | null;
            exchange_rates: {
                [key: string]: string;
            };
            id: number;
            languages: string[];
            low_stock_threshold: number;
            /** @description How many such held unpaid orders one e-mail or one client address may have at once; paying beyond it is 409 too_many_unpaid_orders. 0: no limit. */
            max_unpaid_orders: number;
            name: string;
            /** @description Hours an unpaid order keeps its stock when paid by a method that waits for money outside the store, by payment method id (manual_bank_transfer, manual_cash_on_delivery); a method not named uses its gateway's default. PATCH merges by method. */
            payment_hold_hours: {
                [key: string]: number;
            };
            prices_include_tax: boolean;
            return_window_days: number;
            tax_rates: {
                /**
                 * @description ISO 3166-1 alpha-2 code; each country once.
                 * @enum {string}
                 */
                country: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                /** @description Percentage from "0" to "100" with at most 4 decimals, e.g. "19" or "7.5". */
                rate: string;
            }[];
            test_mode: boolean;
            unpaid_order_timeout_minutes: number;
            /** Format: date-time */
            updated_at: string;
        };
        Theme: {
            /** @description Whether the storefront uses it. */
            active: boolean;
            /** @description The theme's name (theme.json `name`). */
            name: string;
            /** @description The theme it extends (`extends`), whose files and settings it inherits. */
            parent: string | null;
            /** @description Why it cannot be used (invalid theme.json, a missing parent, an extends cycle, …). */
            reason: string | null;
            /** @description JSON Schema of its settings: one property per field, with `title` (the label), `default` and `x-setting-type` (color, text, image_url, select, checkbox, range). Null for an unusable theme. */
            settings_schema: {
                [key: string]: unknown;
            } | null;
            /** @description `THEMES_DIR`, or the THEMES entry (folder path or npm package) it was installed from. */
            source: string;
            /** @description false when it cannot be activated; `reason` says why. */
            usable: boolean;
            /** @description Its version (semver); null when theme.json could not be read. */
            version: string | null;
        };
        ThemeSettings: {
            /** @description Every setting of the theme: the stored value, else the default. */
            settings: {
                [key: string]: unknown;
            };
            /** @description The theme's name. */
            theme: string;
        };
        Variant: {
            allow_backorder: boolean;
            /** @description Units that can be sold now (on hand minus reserved, over active warehouses); null when inventory is not tracked. Present when core-inventory is loaded. */
            available?: number | null;
            compare_at_price: components["schemas"]["Money"] | null;
            /** Format: date-time */
            created_at: string;
            /** @description Package size in millimetres (shipping rates use it); null: not known. */
            dimensions: {
                height: number;
                length: number;
                width: number;
            } | null;
            id: number;
            /** @description Whether it can be bought now (available units, backorders allowed, or untracked). Present when core-inventory is loaded. */
            in_stock?: boolean;
            /** @description Option name → chosen value. */
            options: {
                [key: string]: string;
            };
            price: components["schemas"]["Money"];
            /** @description Fixed prices per currency (they win over conversion). */
            prices: {
                [key: string]: components["schemas"]["Money"];
            };
            product_id: number;
            sku: string;
            track_inventory: boolean;
            /** Format: date-time */
            updated_at: string;
            /** @description Weight in grams (shipping rates use it); null: not known. */
            weight: number | null;
        } & {
            [key: string]: unknown;
        };
        Voucher: {
            active: boolean;
            /** @description As written; matched case-insensitively. */
            code: string;
            /** Format: date-time */
            created_at: string;
            currency: string | null;
            /** @enum {string} */
            discount_type: "percentage" | "fixed";
            /** Format: date-time */
            ends_at: string | null;
            id: number;
            /** @description In `currency`, else the store default currency. */
            min_subtotal: components["schemas"]["Money"] | null;
            per_customer_limit: number | null;
            /** Format: date-time */
            starts_at: string | null;
            /** @description Orders placed with it (given back when an unpaid order is cancelled). */
            times_used: number;
            /** Format: date-time */
            updated_at: string;
            usage_limit: number | null;
            /** @description The percentage ("12.5") or the amount off in `currency` ("5.00"). */
            value: string;
        };
        Warehouse: {
            /** @description Inactive warehouses are left out of allocation and availability. */
            active: boolean;
            /** @description Unique in the store (case-insensitively). */
            code: string;
            /** @description ISO 3166-1 alpha-2. */
            country: string | null;
            /** Format: date-time */
            created_at: string;
            id: number;
            name: string;
            /** @description Allocation order: lower first, then id. */
            priority: number;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookDelivery: {
            attempts: number;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When an attempt succeeded.
             */
            delivered_at: string | null;
            endpoint_id: number;
            event_id: number;
            event_type: string;
            id: number;
            last_error: string | null;
            /** @description The HTTP status of the last attempt; null when none came (timeout, connection error, refused address). */
            last_status_code: number | null;
            /** @description Duration of the last attempt. */
            latency_ms: number | null;
            /**
             * Format: date-time
             * @description When a pending delivery is tried next.
             */
            next_attempt_at: string | null;
            /** @description The first 1 KB of the last answer. */
            response_body: string | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
        };
        WebhookEndpoint: {
            /** @description Inactive endpoints get no new deliveries; their pending ones wait. */
            active: boolean;
            /** Format: date-time */
            created_at: string;
            description: string;
            /**
             * Format: date-time
             * @description When the store disabled it for failing; null otherwise.
             */
            disabled_at: string | null;
            disabled_reason: string | null;
            /** @description Subscribed event types, or ["*"] for every type. */
            events: string[];
            /**
             * Format: date-time
             * @description Since when every attempt has failed; 3 days of it disables the endpoint.
             */
            failing_since: string | null;
            id: number;
            /** Format: date-time */
            updated_at: string;
            /** @description https (plain http only for loopback hosts). */
            url: string;
        };
    };
    responses: {
        /** @description The body is larger than the route allows (`payload_too_large`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Nothing was saved: the store was busy with a conflicting change (`busy`) or cannot reach its database (`database_unavailable`). Retry after Retry-After seconds. */
        ServiceUnavailable: {
            headers: {
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Rate limit exceeded (`rate_limited`); see the RateLimit headers. */
        TooManyRequests: {
            headers: {
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not `application/json` (`unsupported_media_type`). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
        CSRFToken: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get_api_keys: {
        parameters: {
            query?: {
                /** @description Filter on `mode`. */
                mode?: "live" | "test";
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at, name, -name. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description true: only revoked keys; false: only usable ones. */
                revoked?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: {
                            /** Format: date-time */
                            created_at: string;
                            /** @description The staff user who created the key. */
                            created_by: number | null;
                            id: number;
                            /**
                             * Format: date-time
                             * @description Updated at most once a minute.
                             */
                            last_used_at: string | null;
                            /** @description The last 4 characters of the key, to tell keys apart. */
                            last4: string;
                            /** @enum {string} */
                            mode: "live" | "test";
                            name: string;
                            /** Format: date-time */
                            revoked_at: string | null;
                            /** @description Empty: full access. */
                            scopes: string[];
                        }[];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_api_keys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default live
                     * @enum {string}
                     */
                    mode?: "live" | "test";
                    name: string;
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description The staff user who created the key. */
                        created_by: number | null;
                        id: number;
                        /** @description The secret key. Shown in this response only: store it now. Null in the replay for a repeated Idempotency-Key (Idempotent-Replayed: true): the secret is never stored, so only the first answer shows it; the Idempotent-Secrets-Omitted header names the fields. */
                        key: string | null;
                        /**
                         * Format: date-time
                         * @description Updated at most once a minute.
                         */
                        last_used_at: string | null;
                        /** @description The last 4 characters of the key, to tell keys apart. */
                        last4: string;
                        /** @enum {string} */
                        mode: "live" | "test";
                        name: string;
                        /** Format: date-time */
                        revoked_at: string | null;
                        /** @description Empty: full access. */
                        scopes: string[];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_api_keys_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description The staff user who created the key. */
                        created_by: number | null;
                        id: number;
                        /**
                         * Format: date-time
                         * @description Updated at most once a minute.
                         */
                        last_used_at: string | null;
                        /** @description The last 4 characters of the key, to tell keys apart. */
                        last4: string;
                        /** @enum {string} */
                        mode: "live" | "test";
                        name: string;
                        /** Format: date-time */
                        revoked_at: string | null;
                        /** @description Empty: full access. */
                        scopes: string[];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_api_keys_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_auth_csrf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Send it back as the X-CSRFToken header; it is also set as the csrftoken cookie. */
                        csrf_token: string;
                    };
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_auth_login: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: email */
                            email: string;
                            first_name: string;
                            id: number;
                            /** @enum {string} */
                            kind: "staff" | "customer";
                            last_name: string;
                            /**
                             * @description Staff only.
                             * @enum {string}
                             */
                            role?: "owner" | "staff";
                        };
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_auth_logout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_auth_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Users: kind, id, email, role (staff), first_name, last_name. API keys: kind "api_key", id, name, mode, scopes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email?: string;
                        first_name?: string;
                        id: number;
                        /** @enum {string} */
                        kind: "staff" | "customer" | "api_key";
                        last_name?: string;
                        /** @enum {string} */
                        mode?: "live" | "test";
                        name?: string;
                        /** @enum {string} */
                        role?: "owner" | "staff";
                        scopes?: string[];
                    };
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_auth_password_reset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted; the work continues in the background. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_auth_password_reset_confirm: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_auth_register: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    first_name?: string;
                    last_name?: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            /** Format: date-time */
                            created_at: string;
                            /** Format: email */
                            email: string;
                            first_name: string;
                            id: number;
                            /** @enum {string} */
                            kind: "staff" | "customer";
                            last_name: string;
                            /**
                             * @description Staff only.
                             * @enum {string}
                             */
                            role?: "owner" | "staff";
                        };
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_cart: {
        parameters: {
            query?: {
                /** @description One of the store's currencies (any case). */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_cart: {
        parameters: {
            query?: {
                /** @description One of the store's currencies (any case). */
                currency?: string;
            };
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_cart_by_cart_id: {
        parameters: {
            query?: {
                /** @description One of the store's currencies (any case). */
                currency?: string;
            };
            header?: never;
            path: {
                /** @description A UUID; anything else is simply unknown (404). */
                cart_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_cart_by_cart_id_items: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description A UUID; anything else is simply unknown (404). */
                cart_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 999 (a line holds at most 999 after merging). */
                    quantity: number;
                    /** @description A variant id: a number or a string of digits. */
                    variant_id: number | string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_cart_by_cart_id_items_by_item_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description A UUID; anything else is simply unknown (404). */
                cart_id: string;
                /** @description The `item_id` of the record, from its URL. */
                item_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_cart_by_cart_id_items_by_item_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description A UUID; anything else is simply unknown (404). */
                cart_id: string;
                /** @description The `item_id` of the record, from its URL. */
                item_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 999 (a line holds at most 999 after merging). */
                    quantity: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_cart_by_cart_id_vouchers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `cart_id` of the record, from its URL. */
                cart_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The voucher code, in any case. */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_cart_by_cart_id_vouchers_by_code: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `cart_id` of the record, from its URL. */
                cart_id: string;
                /** @description The `code` of the record, from its URL. */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_cart_items: {
        parameters: {
            query?: {
                /** @description One of the store's currencies (any case). */
                currency?: string;
            };
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 999 (a line holds at most 999 after merging). */
                    quantity: number;
                    /** @description A variant id: a number or a string of digits. */
                    variant_id: number | string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_categories: {
        parameters: {
            query?: {
                /** @description Comma-separated; prefix with - for descending. Allowed: name, -name, created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Children of this category id; "null" for the top-level categories. */
                parent?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Category"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_categories: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    name: string;
                    /** @description The parent category; null for a top-level one. */
                    parent_id?: (number | string) | null;
                    /** @description Lower-case letters and digits joined by dashes; derived from the name when left out. */
                    slug?: string;
                    /** @description Translated fields per store language; replaces the whole set when written. */
                    translations?: {
                        [key: string]: {
                            description?: string;
                            name?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_categories_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_categories_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_categories_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    name?: string;
                    /** @description The parent category; null for a top-level one. */
                    parent_id?: (number | string) | null;
                    /** @description Lower-case letters and digits joined by dashes; derived from the name when left out. */
                    slug?: string;
                    /** @description Translated fields per store language; replaces the whole set when written. */
                    translations?: {
                        [key: string]: {
                            description?: string;
                            name?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_categories_by_slug_by_slug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `slug` of the record, from its URL. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_checkout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Required when billing_same_as_shipping is false. */
                    billing_address?: {
                        address_line_1: string;
                        address_line_2?: string;
                        city: string;
                        company?: string;
                        /** @description ISO 3166-1 alpha-2 code, e.g. "DE" (any case). */
                        country: string;
                        first_name: string;
                        last_name: string;
                        phone?: string;
                        postal_code: string;
                        state?: string;
                    };
                    /** @default true */
                    billing_same_as_shipping?: boolean;
                    /** @description The cart to check out. */
                    cart_id: string;
                    /** @description An e-mail address. */
                    email: string;
                    /** @description Required: first_name, last_name, address_line_1, city, postal_code, country (ISO 3166-1 alpha-2). Optional: address_line_2, state, phone, company. */
                    shipping_address: {
                        address_line_1: string;
                        address_line_2?: string;
                        city: string;
                        company?: string;
                        /** @description ISO 3166-1 alpha-2 code, e.g. "DE" (any case). */
                        country: string;
                        first_name: string;
                        last_name: string;
                        phone?: string;
                        postal_code: string;
                        state?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_checkout_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID; anything else is simply unknown (404). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_checkout_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description A UUID; anything else is simply unknown (404). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    billing_address?: {
                        address_line_1: string;
                        address_line_2?: string;
                        city: string;
                        company?: string;
                        /** @description ISO 3166-1 alpha-2 code, e.g. "DE" (any case). */
                        country: string;
                        first_name: string;
                        last_name: string;
                        phone?: string;
                        postal_code: string;
                        state?: string;
                    } | null;
                    billing_same_as_shipping?: boolean;
                    /** @description An e-mail address. */
                    email?: string;
                    /** @description Required: first_name, last_name, address_line_1, city, postal_code, country (ISO 3166-1 alpha-2). Optional: address_line_2, state, phone, company. */
                    shipping_address?: {
                        address_line_1: string;
                        address_line_2?: string;
                        city: string;
                        company?: string;
                        /** @description ISO 3166-1 alpha-2 code, e.g. "DE" (any case). */
                        country: string;
                        first_name: string;
                        last_name: string;
                        phone?: string;
                        postal_code: string;
                        state?: string;
                    };
                    /** @description One of shipping_methods[].id (a number or a string); null unselects. */
                    shipping_method_id?: number | string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_checkout_by_id_pay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description A UUID; anything else is simply unknown (404). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment_method_id: string;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: components["schemas"]["Money"];
                        captured?: components["schemas"]["Money"];
                        /** Format: date-time */
                        created_at?: string;
                        error?: string | null;
                        gateway: string;
                        id: number;
                        instructions: string | null;
                        method: string;
                        order: {
                            id: number;
                            order_number: string;
                        };
                        order_id: number;
                        redirect_url: string | null;
                        refunded?: components["schemas"]["Money"];
                        /** @enum {string} */
                        status: "pending" | "succeeded" | "failed" | "cancelled";
                        test?: boolean;
                        /** Format: date-time */
                        updated_at?: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_checkout_by_id_payment_methods: {
        parameters: {
            query?: {
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
            };
            header?: never;
            path: {
                /** @description A UUID; anything else is simply unknown (404). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: {
                            description?: string | null;
                            gateway: string;
                            id: string;
                            name: string;
                            test: boolean;
                        }[];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_customers: {
        parameters: {
            query?: {
                /** @description The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile. */
                after?: string;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description false: only blocked customers; true: only active ones. */
                is_active?: boolean;
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at, email, -email, last_name, -last_name. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Text search. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Customer"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_customers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    accepts_marketing?: boolean;
                    /** Format: email */
                    email: string;
                    first_name?: string;
                    last_name?: string;
                    /** @description Optional: without one the customer sets a password through the password reset. */
                    password?: string;
                    /** @description Digits and + ( ) . / - and spaces, optionally led by + or (; null or "" clears it. */
                    phone?: string | null;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepts_marketing: boolean;
                        addresses: components["schemas"]["CustomerAddress"][];
                        /** Format: date-time */
                        created_at: string;
                        default_billing_address_id: number | null;
                        default_shipping_address_id: number | null;
                        email: string;
                        first_name: string;
                        id: number;
                        /** @description false: blocked, cannot log in. */
                        is_active: boolean;
                        /** Format: date-time */
                        last_login_at: string | null;
                        last_name: string;
                        phone: string | null;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_customers_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepts_marketing: boolean;
                        addresses: components["schemas"]["CustomerAddress"][];
                        /** Format: date-time */
                        created_at: string;
                        default_billing_address_id: number | null;
                        default_shipping_address_id: number | null;
                        email: string;
                        first_name: string;
                        id: number;
                        /** @description false: blocked, cannot log in. */
                        is_active: boolean;
                        /** Format: date-time */
                        last_login_at: string | null;
                        last_name: string;
                        phone: string | null;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_customers_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    first_name?: string;
                    /** @description false blocks the customer: their sessions end and they cannot log in. */
                    is_active?: boolean;
                    last_name?: string;
                    /** @description Digits and + ( ) . / - and spaces, optionally led by + or (; null or "" clears it. */
                    phone?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepts_marketing: boolean;
                        addresses: components["schemas"]["CustomerAddress"][];
                        /** Format: date-time */
                        created_at: string;
                        default_billing_address_id: number | null;
                        default_shipping_address_id: number | null;
                        email: string;
                        first_name: string;
                        id: number;
                        /** @description false: blocked, cannot log in. */
                        is_active: boolean;
                        /** Format: date-time */
                        last_login_at: string | null;
                        last_name: string;
                        phone: string | null;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_customers_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepts_marketing: boolean;
                        /** Format: date-time */
                        created_at: string;
                        default_billing_address_id: number | null;
                        default_shipping_address_id: number | null;
                        email: string;
                        first_name: string;
                        id: number;
                        last_name: string;
                        phone: string | null;
                    };
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_customers_me: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accepts_marketing?: boolean;
                    /** @description Required with email or new_password. */
                    current_password?: string;
                    /**
                     * Format: email
                     * @description Needs current_password; an e-mail in use is 409 email_taken.
                     */
                    email?: string;
                    first_name?: string;
                    last_name?: string;
                    /** @description Needs current_password; ends every other session of the customer. */
                    new_password?: string;
                    /** @description Digits and + ( ) . / - and spaces, optionally led by + or (; null or "" clears it. */
                    phone?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepts_marketing: boolean;
                        /** Format: date-time */
                        created_at: string;
                        default_billing_address_id: number | null;
                        default_shipping_address_id: number | null;
                        email: string;
                        first_name: string;
                        id: number;
                        last_name: string;
                        phone: string | null;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_customers_me_addresses: {
        parameters: {
            query?: {
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["CustomerAddress"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_customers_me_addresses: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not blank. */
                    address_line_1: string;
                    address_line_2?: string | null;
                    /** @description Not blank. */
                    city: string;
                    company?: string | null;
                    /** @description ISO 3166-1 alpha-2 ("DE"; lower case is accepted). */
                    country: string;
                    /** @description Not blank. */
                    first_name: string;
                    /** @description true makes this the default billing address (the previous one stops being it). */
                    is_default_billing?: boolean;
                    /** @description true makes this the default shipping address (the previous one stops being it). */
                    is_default_shipping?: boolean;
                    /** @description Not blank. */
                    last_name: string;
                    /** @description Digits and + ( ) . / - and spaces, optionally led by + or (; null or "" clears it. */
                    phone?: string | null;
                    /** @description Not blank. */
                    postal_code: string;
                    state?: string | null;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerAddress"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_customers_me_addresses_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerAddress"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_customers_me_addresses_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_customers_me_addresses_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not blank. */
                    address_line_1?: string;
                    address_line_2?: string | null;
                    /** @description Not blank. */
                    city?: string;
                    company?: string | null;
                    /** @description ISO 3166-1 alpha-2 ("DE"; lower case is accepted). */
                    country?: string;
                    /** @description Not blank. */
                    first_name?: string;
                    /** @description true makes this the default billing address (the previous one stops being it). */
                    is_default_billing?: boolean;
                    /** @description true makes this the default shipping address (the previous one stops being it). */
                    is_default_shipping?: boolean;
                    /** @description Not blank. */
                    last_name?: string;
                    /** @description Digits and + ( ) . / - and spaces, optionally led by + or (; null or "" clears it. */
                    phone?: string | null;
                    /** @description Not blank. */
                    postal_code?: string;
                    state?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerAddress"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_events: {
        parameters: {
            query?: {
                /** @description The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile. */
                after?: string;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Only events of this type. */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Event"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_inventory: {
        parameters: {
            query?: {
                /** @description The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile. */
                after?: string;
                /** @description Comma-separated; prefix with - for descending. Allowed: id, -id, updated_at, -updated_at, quantity, -quantity, variant_id, -variant_id, warehouse_id, -warehouse_id. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Lower bound (inclusive) on updated_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                updated_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on updated_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                updated_at__lte?: string | unknown | unknown;
                /** @description Filter on `variant_id`. */
                variant_id?: number;
                /** @description Filter on `warehouse_id`. */
                warehouse_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["InventoryRecord"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    put_inventory: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Allow a quantity below what is reserved: the excess reservations become backorders (newest first). */
                    force?: boolean;
                    /** @description Units on hand, 0 to 2147483647. */
                    quantity: number;
                    /** @description A variant id: a number or a string of digits. */
                    variant_id: number | string;
                    /** @description A warehouse id: a number or a string of digits. */
                    warehouse_id: number | string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryRecord"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_inventory: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Allow a quantity below what is reserved: the excess reservations become backorders (newest first). */
                    force?: boolean;
                    /** @description Units on hand, 0 to 2147483647. */
                    quantity: number;
                    /** @description A variant id: a number or a string of digits. */
                    variant_id: number | string;
                    /** @description A warehouse id: a number or a string of digits. */
                    warehouse_id: number | string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryRecord"];
                };
            };
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryRecord"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_inventory_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryRecord"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_inventory_adjust: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Units to add (positive) or remove (negative); not 0. */
                    delta: number;
                    /** @description Allow a quantity below what is reserved: the excess reservations become backorders (newest first). */
                    force?: boolean;
                    /** @description Recorded in the movement (e.g. "pos sale", "return"); default "adjust". */
                    reason?: string;
                    /** @description A variant id: a number or a string of digits. */
                    variant_id: number | string;
                    /** @description A warehouse id: a number or a string of digits. */
                    warehouse_id: number | string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InventoryRecord"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_inventory_bulk: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    records: {
                        /** @description Allow a quantity below what is reserved: the excess reservations become backorders (newest first). */
                        force?: boolean;
                        /** @description Units on hand, 0 to 2147483647. */
                        quantity: number;
                        /** @description A variant id: a number or a string of digits. */
                        variant_id: number | string;
                        /** @description A warehouse id: a number or a string of digits. */
                        warehouse_id: number | string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["InventoryRecord"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_inventory_movements: {
        parameters: {
            query?: {
                /** @description The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile. */
                after?: string;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description Lower bound (inclusive) on id. */
                id__gte?: number;
                /** @description Upper bound (inclusive) on id. */
                id__lte?: number;
                /** @description Comma-separated; prefix with - for descending. Allowed: id, -id, created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description `order:42` (one reference) or `order` (every reference of that type). */
                reference?: string;
                /** @description Filter on `type`. */
                type?: "set" | "adjust" | "reserve" | "release" | "ship" | "restock" | "remove";
                /** @description Filter on `variant_id`. */
                variant_id?: number;
                /** @description Filter on `warehouse_id`. */
                warehouse_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["InventoryMovement"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_orders: {
        parameters: {
            query?: {
                /** @description The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile. */
                after?: string;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description items: include each order's items. */
                expand?: "items";
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at, order_number, -order_number, total, -total. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Filter on `payment_status`. */
                payment_status?: "unpaid" | "paid" | "partially_refunded" | "refunded";
                /** @description Text search. */
                search?: string;
                /** @description Filter on `status`. */
                status?: "pending" | "processing" | "shipped" | "delivered" | "completed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Order"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_orders_by_id: {
        parameters: {
            query?: {
                /** @description items: include each order's items. */
                expand?: "items";
            };
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_orders_by_id_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_orders_by_id_complete: {
        parameters: {
            query?: {
                /** @description Complete before the return window ends. */
                force?: boolean;
            };
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_orders_by_id_deliver: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_orders_by_id_payments_by_payment_id_capture: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
                /** @description The `payment_id` of the record, from its URL. */
                payment_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: components["schemas"]["Money"];
                        captured?: components["schemas"]["Money"];
                        /** Format: date-time */
                        created_at?: string;
                        error?: string | null;
                        gateway: string;
                        id: number;
                        instructions?: string | null;
                        method: string;
                        order?: {
                            id: number;
                            order_number: string;
                            payment_status: string;
                            status: string;
                        };
                        order_id: number;
                        redirect_url?: string | null;
                        refunded?: components["schemas"]["Money"];
                        /** @enum {string} */
                        status: "pending" | "succeeded" | "failed" | "cancelled";
                        test?: boolean;
                        /** Format: date-time */
                        updated_at?: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_orders_by_id_refunds: {
        parameters: {
            query?: {
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
            };
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Refund"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_orders_by_id_refunds: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A decimal string in the order's currency ("12.50"), more than zero and at most what is left to refund. Absent: with items, their paid value (capped at what is left); without, everything left. */
                    amount?: string;
                    items?: {
                        order_item_id: number | string;
                        quantity: number;
                    }[];
                    /** @default false */
                    notify_customer?: boolean;
                    reason: string;
                    /**
                     * @description The items come back: shipped units on hand where they shipped from, unshipped ones out of fulfilment (reservation released).
                     * @default true
                     */
                    restock?: boolean;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_orders_by_id_refunds_by_refund_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
                /** @description The `refund_id` of the record, from its URL. */
                refund_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_orders_by_id_shipments: {
        parameters: {
            query?: {
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
            };
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Shipment"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_orders_by_id_shipments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    carrier: string;
                    items: {
                        order_item_id: number | string;
                        quantity: number;
                    }[];
                    /**
                     * @description Send the customer a shipping confirmation.
                     * @default false
                     */
                    notify_customer?: boolean;
                    tracking_number: string;
                    /** @description Ship from this warehouse; absent: from where the order's stock is reserved. */
                    warehouse_id?: (number | string) | null;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Shipment"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_orders_by_id_shipments_by_shipment_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
                /** @description The `shipment_id` of the record, from its URL. */
                shipment_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Shipment"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_orders_by_id_shipments_by_shipment_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
                /** @description The `shipment_id` of the record, from its URL. */
                shipment_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    carrier?: string;
                    tracking_number?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Shipment"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_pages: {
        parameters: {
            query?: {
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description Comma-separated; prefix with - for descending. Allowed: title, -title, created_at, -created_at, updated_at, -updated_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Staff: only published (true) or unpublished (false) pages. Others only ever see published ones. */
                published?: boolean;
                /** @description Text search. */
                search?: string;
                /** @description Lower bound (inclusive) on updated_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                updated_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on updated_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                updated_at__lte?: string | unknown | unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: {
                            /** @description Sanitised HTML, in the negotiated language when translated, else the base text. */
                            body: string;
                            /** Format: date-time */
                            created_at: string;
                            id: number;
                            published: boolean;
                            slug: string;
                            /** @description In the negotiated language when translated, else the base text. */
                            title: string;
                            /** @description Staff only. Language tag (one of the store's languages) → {title?, body?}; a missing field falls back to the base text. */
                            translations?: {
                                [key: string]: {
                                    body?: string;
                                    title?: string;
                                };
                            };
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_pages: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description HTML, sanitised against an allow-list when written; at most 100 KB. */
                    body?: string;
                    /**
                     * @description Only published pages are shown to anonymous callers and customers.
                     * @default false
                     */
                    published?: boolean;
                    /** @description Lower-case letters, digits and single dashes; unique. Derived from the title when absent. */
                    slug?: string;
                    /** @description Plain text. */
                    title: string;
                    /** @description Language tag (one of the store's languages) → {title?, body?}; a missing field falls back to the base text. */
                    translations?: {
                        [key: string]: {
                            /** @description HTML, sanitised against an allow-list when written; at most 100 KB. */
                            body?: string;
                            /** @description Plain text. */
                            title?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Sanitised HTML, in the negotiated language when translated, else the base text. */
                        body: string;
                        /** Format: date-time */
                        created_at: string;
                        id: number;
                        published: boolean;
                        slug: string;
                        /** @description In the negotiated language when translated, else the base text. */
                        title: string;
                        /** @description Staff only. Language tag (one of the store's languages) → {title?, body?}; a missing field falls back to the base text. */
                        translations?: {
                            [key: string]: {
                                body?: string;
                                title?: string;
                            };
                        };
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_pages_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Sanitised HTML, in the negotiated language when translated, else the base text. */
                        body: string;
                        /** Format: date-time */
                        created_at: string;
                        id: number;
                        published: boolean;
                        slug: string;
                        /** @description In the negotiated language when translated, else the base text. */
                        title: string;
                        /** @description Staff only. Language tag (one of the store's languages) → {title?, body?}; a missing field falls back to the base text. */
                        translations?: {
                            [key: string]: {
                                body?: string;
                                title?: string;
                            };
                        };
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    put_pages_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description HTML, sanitised against an allow-list when written; at most 100 KB. */
                    body?: string;
                    /**
                     * @description Only published pages are shown to anonymous callers and customers.
                     * @default false
                     */
                    published?: boolean;
                    /** @description Lower-case letters, digits and single dashes; unique. Derived from the title when absent. */
                    slug?: string;
                    /** @description Plain text. */
                    title: string;
                    /** @description Language tag (one of the store's languages) → {title?, body?}; a missing field falls back to the base text. */
                    translations?: {
                        [key: string]: {
                            /** @description HTML, sanitised against an allow-list when written; at most 100 KB. */
                            body?: string;
                            /** @description Plain text. */
                            title?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Sanitised HTML, in the negotiated language when translated, else the base text. */
                        body: string;
                        /** Format: date-time */
                        created_at: string;
                        id: number;
                        published: boolean;
                        slug: string;
                        /** @description In the negotiated language when translated, else the base text. */
                        title: string;
                        /** @description Staff only. Language tag (one of the store's languages) → {title?, body?}; a missing field falls back to the base text. */
                        translations?: {
                            [key: string]: {
                                body?: string;
                                title?: string;
                            };
                        };
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_pages_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_pages_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description HTML, sanitised against an allow-list when written; at most 100 KB. */
                    body?: string;
                    published?: boolean;
                    /** @description Lower-case letters, digits and single dashes; unique. Derived from the title when absent. */
                    slug?: string;
                    /** @description Plain text. */
                    title?: string;
                    /** @description Language tag (one of the store's languages) → {title?, body?}; a missing field falls back to the base text. Each language given replaces that language's entry; null removes it. */
                    translations?: {
                        [key: string]: {
                            /** @description HTML, sanitised against an allow-list when written; at most 100 KB. */
                            body?: string;
                            /** @description Plain text. */
                            title?: string;
                        } | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Sanitised HTML, in the negotiated language when translated, else the base text. */
                        body: string;
                        /** Format: date-time */
                        created_at: string;
                        id: number;
                        published: boolean;
                        slug: string;
                        /** @description In the negotiated language when translated, else the base text. */
                        title: string;
                        /** @description Staff only. Language tag (one of the store's languages) → {title?, body?}; a missing field falls back to the base text. */
                        translations?: {
                            [key: string]: {
                                body?: string;
                                title?: string;
                            };
                        };
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_pages_by_slug_by_slug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `slug` of the record, from its URL. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Sanitised HTML, in the negotiated language when translated, else the base text. */
                        body: string;
                        /** Format: date-time */
                        created_at: string;
                        id: number;
                        published: boolean;
                        slug: string;
                        /** @description In the negotiated language when translated, else the base text. */
                        title: string;
                        /** @description Staff only. Language tag (one of the store's languages) → {title?, body?}; a missing field falls back to the base text. */
                        translations?: {
                            [key: string]: {
                                body?: string;
                                title?: string;
                            };
                        };
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_payments_notify_by_gateway: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `gateway` of the record, from its URL. */
                gateway: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        payment_id: number;
                        received: boolean;
                        status: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_plugins: {
        parameters: {
            query?: {
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Plugin"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_plugins_by_name: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plugin's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plugin"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_plugins_by_name: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The plugin's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description false turns the plugin off (not for core plugins); true turns it on. */
                    enabled?: boolean;
                    /** @description Settings to change, validated against the plugin's settings_schema; null resets one. */
                    settings?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Plugin"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_products: {
        parameters: {
            query?: {
                /** @description The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile. */
                after?: string;
                /** @description A category id or slug; its subcategories are included. One that does not exist is a 400. */
                category?: string;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description ISO 4217 code among the store's currencies (any case); prices are converted (or fixed variant prices used). */
                currency?: string;
                /** @description true: only products with a variant that can be bought now (stock, no tracking, or backorders allowed); false: only the others. Needs core-inventory; without it the filter is ignored. */
                in_stock?: boolean;
                /** @description Name:Value (Size:M), repeatable: products with a variant of that value, for every pair given. */
                option?: string[];
                /** @description Comma-separated; prefix with - for descending. Allowed: name, -name, price, -price, created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Lower bound (inclusive) on price: a decimal amount ("12.50"). */
                price__gte?: string;
                /** @description Upper bound (inclusive) on price: a decimal amount ("12.50"). */
                price__lte?: string;
                /** @description Text search. */
                search?: string;
                /** @description The product with this slug (a list of one, or empty): how a shop finds the product of a link like /products/blue-shirt. */
                slug?: string;
                /** @description Staff see every status; others only active products, so other values give an empty list. */
                status?: "draft" | "active" | "archived";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Product"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_products: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The product's category; null for none. */
                    category_id?: (number | string) | null;
                    /** @description Decimal string, or null to unset. */
                    compare_at_price?: string | null;
                    description?: string;
                    images?: {
                        alt?: string;
                        /**
                         * Format: uri
                         * @description An https URL.
                         */
                        url: string;
                    }[];
                    name: string;
                    options?: {
                        name: string;
                        values: string[];
                    }[];
                    /** @description Explicit price; null or left out: the lowest variant price. */
                    price?: string | null;
                    /** @description Lower-case letters and digits joined by dashes; derived from the name when left out. */
                    slug?: string;
                    /**
                     * @description draft (default), active (published) or archived.
                     * @enum {string}
                     */
                    status?: "draft" | "active" | "archived";
                    /** @description Translated fields per store language; replaces the whole set when written. */
                    translations?: {
                        [key: string]: {
                            description?: string;
                            name?: string;
                        };
                    };
                    variants?: {
                        /** @description Default false. */
                        allow_backorder?: boolean;
                        /** @description Decimal string, or null to unset. */
                        compare_at_price?: string | null;
                        /** @description Package size in millimetres (shipping rates use it); null: not known. */
                        dimensions?: {
                            height: number;
                            length: number;
                            width: number;
                        } | null;
                        /** @description Exactly the product's option names, each with one of its values. */
                        options?: {
                            [key: string]: string;
                        };
                        /** @description Decimal string in the store's default currency, e.g. "19.99". */
                        price: string;
                        /** @description Fixed prices in other store currencies, e.g. {"EUR": "17.50"}; they win over conversion. */
                        prices?: {
                            [key: string]: string;
                        };
                        /** @description Unique in the store (case-insensitively). */
                        sku: string;
                        /** @description Default true. */
                        track_inventory?: boolean;
                        /** @description Weight in grams (shipping rates use it); null: not known. */
                        weight?: number | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_products_by_id: {
        parameters: {
            query?: {
                /** @description ISO 4217 code among the store's currencies (any case); prices are converted (or fixed variant prices used). */
                currency?: string;
            };
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    put_products_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The product's category; null for none. */
                    category_id?: (number | string) | null;
                    /** @description Decimal string, or null to unset. */
                    compare_at_price?: string | null;
                    description?: string;
                    images?: {
                        alt?: string;
                        /**
                         * Format: uri
                         * @description An https URL.
                         */
                        url: string;
                    }[];
                    name: string;
                    options?: {
                        name: string;
                        values: string[];
                    }[];
                    /** @description Explicit price; null or left out: the lowest variant price. */
                    price?: string | null;
                    /** @description Lower-case letters and digits joined by dashes; derived from the name when left out. */
                    slug?: string;
                    /**
                     * @description draft (default), active (published) or archived.
                     * @enum {string}
                     */
                    status?: "draft" | "active" | "archived";
                    /** @description Translated fields per store language; replaces the whole set when written. */
                    translations?: {
                        [key: string]: {
                            description?: string;
                            name?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_products_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_products_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The product's category; null for none. */
                    category_id?: (number | string) | null;
                    /** @description Decimal string, or null to unset. */
                    compare_at_price?: string | null;
                    description?: string;
                    images?: {
                        alt?: string;
                        /**
                         * Format: uri
                         * @description An https URL.
                         */
                        url: string;
                    }[];
                    name?: string;
                    options?: {
                        name: string;
                        values: string[];
                    }[];
                    /** @description Explicit price; null or left out: the lowest variant price. */
                    price?: string | null;
                    /** @description Lower-case letters and digits joined by dashes; derived from the name when left out. */
                    slug?: string;
                    /**
                     * @description draft (default), active (published) or archived.
                     * @enum {string}
                     */
                    status?: "draft" | "active" | "archived";
                    /** @description Translated fields per store language; replaces the whole set when written. */
                    translations?: {
                        [key: string]: {
                            description?: string;
                            name?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_products_by_id_variants: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default false. */
                    allow_backorder?: boolean;
                    /** @description Decimal string, or null to unset. */
                    compare_at_price?: string | null;
                    /** @description Package size in millimetres (shipping rates use it); null: not known. */
                    dimensions?: {
                        height: number;
                        length: number;
                        width: number;
                    } | null;
                    /** @description Exactly the product's option names, each with one of its values. */
                    options?: {
                        [key: string]: string;
                    };
                    /** @description Decimal string in the store's default currency, e.g. "19.99". */
                    price: string;
                    /** @description Fixed prices in other store currencies, e.g. {"EUR": "17.50"}; they win over conversion. */
                    prices?: {
                        [key: string]: string;
                    };
                    /** @description Unique in the store (case-insensitively). */
                    sku: string;
                    /** @description Default true. */
                    track_inventory?: boolean;
                    /** @description Weight in grams (shipping rates use it); null: not known. */
                    weight?: number | null;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variant"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_products_bulk: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    products: {
                        /** @description The product's category; null for none. */
                        category_id?: (number | string) | null;
                        /** @description Decimal string, or null to unset. */
                        compare_at_price?: string | null;
                        description?: string;
                        /** @description Update this product; absent: create one. */
                        id?: number | string;
                        images?: {
                            alt?: string;
                            /**
                             * Format: uri
                             * @description An https URL.
                             */
                            url: string;
                        }[];
                        name?: string;
                        options?: {
                            name: string;
                            values: string[];
                        }[];
                        /** @description Explicit price; null or left out: the lowest variant price. */
                        price?: string | null;
                        /** @description Lower-case letters and digits joined by dashes; derived from the name when left out. */
                        slug?: string;
                        /**
                         * @description draft (default), active (published) or archived.
                         * @enum {string}
                         */
                        status?: "draft" | "active" | "archived";
                        /** @description Translated fields per store language; replaces the whole set when written. */
                        translations?: {
                            [key: string]: {
                                description?: string;
                                name?: string;
                            };
                        };
                        variants?: {
                            /** @description Default false. */
                            allow_backorder?: boolean;
                            /** @description Decimal string, or null to unset. */
                            compare_at_price?: string | null;
                            /** @description Package size in millimetres (shipping rates use it); null: not known. */
                            dimensions?: {
                                height: number;
                                length: number;
                                width: number;
                            } | null;
                            /** @description Exactly the product's option names, each with one of its values. */
                            options?: {
                                [key: string]: string;
                            };
                            /** @description Decimal string in the store's default currency, e.g. "19.99". */
                            price: string;
                            /** @description Fixed prices in other store currencies, e.g. {"EUR": "17.50"}; they win over conversion. */
                            prices?: {
                                [key: string]: string;
                            };
                            /** @description Unique in the store (case-insensitively). */
                            sku: string;
                            /** @description Default true. */
                            track_inventory?: boolean;
                            /** @description Weight in grams (shipping rates use it); null: not known. */
                            weight?: number | null;
                        }[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        products: components["schemas"]["Product"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_products_facets: {
        parameters: {
            query?: {
                /** @description A category id or slug; its subcategories are included. One that does not exist is a 400. */
                category?: string;
                /** @description true: only products with a variant that can be bought now (stock, no tracking, or backorders allowed); false: only the others. Needs core-inventory; without it the filter is ignored. */
                in_stock?: boolean;
                /** @description Name:Value (Size:M), repeatable: products with a variant of that value, for every pair given. */
                option?: string[];
                /** @description Lower bound (inclusive) on price: a decimal amount ("12.50"). */
                price__gte?: string;
                /** @description Upper bound (inclusive) on price: a decimal amount ("12.50"). */
                price__lte?: string;
                /** @description Text search. */
                search?: string;
                /** @description Staff see every status; others only active products, so other values give an empty list. */
                status?: "draft" | "active" | "archived";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Each option name with every value the products offer, in the order first met. */
                        options: {
                            name: string;
                            values: string[];
                        }[];
                        /** @description More products matched than were read (the newest 1000 are). */
                        truncated: boolean;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_shipping_methods: {
        parameters: {
            query?: {
                /** @description Only active (true) or inactive (false) methods. */
                active?: boolean;
                /** @description Only methods that ship to this ISO 3166-1 alpha-2 country. */
                country?: string;
                /** @description Comma-separated; prefix with - for descending. Allowed: name, -name, created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["ShippingMethod"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_shipping_methods: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Offered at checkout (default true). */
                    active?: boolean;
                    /** @description ISO 3166-1 alpha-2 codes the method ships to; empty (the default) means everywhere. */
                    countries?: string[];
                    /** @description One of the store's currencies; the store default when left out. */
                    currency?: string;
                    description?: string | null;
                    /** @description Decimal string in the method's currency, or null for no threshold. */
                    free_above?: string | null;
                    name: string;
                    /** @description Decimal string in the method's currency, e.g. "4.90". */
                    price: string;
                    /**
                     * @description Always flat_rate (the default).
                     * @enum {string}
                     */
                    provider?: "flat_rate";
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingMethod"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_shipping_methods_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingMethod"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_shipping_methods_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_shipping_methods_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Offered at checkout (default true). */
                    active?: boolean;
                    /** @description ISO 3166-1 alpha-2 codes the method ships to; empty (the default) means everywhere. */
                    countries?: string[];
                    /** @description One of the store's currencies; the store default when left out. */
                    currency?: string;
                    description?: string | null;
                    /** @description Decimal string in the method's currency, or null for no threshold. */
                    free_above?: string | null;
                    name?: string;
                    /** @description Decimal string in the method's currency, e.g. "4.90". */
                    price?: string;
                    /**
                     * @description Always flat_rate (the default).
                     * @enum {string}
                     */
                    provider?: "flat_rate";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingMethod"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_staff: {
        parameters: {
            query?: {
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description Filter on `is_active`. */
                is_active?: boolean;
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at, email, -email, last_name, -last_name. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Words matched against e-mail, first and last name. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["StaffAccount"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_staff: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    first_name?: string;
                    last_name?: string;
                    /** @description Absent: the new member gets a password reset mail (valid for an hour) to choose one. */
                    password?: string;
                    /**
                     * @default staff
                     * @enum {string}
                     */
                    role?: "owner" | "staff";
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: email */
                        email: string;
                        first_name: string;
                        id: number;
                        /** @description false: the account cannot sign in (its sessions ended when it was deactivated). */
                        is_active: boolean;
                        /** Format: date-time */
                        last_login_at: string | null;
                        last_name: string;
                        /**
                         * @description Owners also manage staff accounts.
                         * @enum {string}
                         */
                        role: "owner" | "staff";
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_staff_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: email */
                        email: string;
                        first_name: string;
                        id: number;
                        /** @description false: the account cannot sign in (its sessions ended when it was deactivated). */
                        is_active: boolean;
                        /** Format: date-time */
                        last_login_at: string | null;
                        last_name: string;
                        /**
                         * @description Owners also manage staff accounts.
                         * @enum {string}
                         */
                        role: "owner" | "staff";
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_staff_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    first_name?: string;
                    is_active?: boolean;
                    last_name?: string;
                    /** @enum {string} */
                    role?: "owner" | "staff";
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: email */
                        email: string;
                        first_name: string;
                        id: number;
                        /** @description false: the account cannot sign in (its sessions ended when it was deactivated). */
                        is_active: boolean;
                        /** Format: date-time */
                        last_login_at: string | null;
                        last_name: string;
                        /**
                         * @description Owners also manage staff accounts.
                         * @enum {string}
                         */
                        role: "owner" | "staff";
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_store: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Store"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_store: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allow_unpaid_shipments?: boolean;
                    branding?: {
                        accent_color?: string | null;
                        /** Format: uri */
                        logo_url?: string | null;
                        primary_color?: string | null;
                        tagline?: string | null;
                    };
                    country?: ("AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW") | null;
                    currencies?: ("AED" | "AFN" | "ALL" | "AMD" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XOF" | "XPF" | "YER" | "ZAR" | "ZMW" | "ZWG")[];
                    /**
                     * @description One of `currencies`.
                     * @enum {string}
                     */
                    default_currency?: "AED" | "AFN" | "ALL" | "AMD" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BOV" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHE" | "CHF" | "CHW" | "CLF" | "CLP" | "CNY" | "COP" | "COU" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MXV" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "USN" | "UYI" | "UYU" | "UYW" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XOF" | "XPF" | "YER" | "ZAR" | "ZMW" | "ZWG";
                    /** @description One of `languages`. */
                    default_language?: string;
                    /** Format: email */
                    email?: string | null;
                    exchange_rates?: {
                        [key: string]: string;
                    };
                    languages?: string[];
                    low_stock_threshold?: number;
                    /** @description How many such held unpaid orders one e-mail or one client address may have at once; paying beyond it is 409 too_many_unpaid_orders. 0: no limit. */
                    max_unpaid_orders?: number;
                    name?: string;
                    /** @description Hours an unpaid order keeps its stock when paid by a method that waits for money outside the store, by payment method id (manual_bank_transfer, manual_cash_on_delivery); a method not named uses its gateway's default. PATCH merges by method. */
                    payment_hold_hours?: {
                        [key: string]: number;
                    };
                    prices_include_tax?: boolean;
                    return_window_days?: number;
                    tax_rates?: {
                        /**
                         * @description ISO 3166-1 alpha-2 code; each country once.
                         * @enum {string}
                         */
                        country: "AD" | "AE" | "AF" | "AG" | "AI" | "AL" | "AM" | "AO" | "AQ" | "AR" | "AS" | "AT" | "AU" | "AW" | "AX" | "AZ" | "BA" | "BB" | "BD" | "BE" | "BF" | "BG" | "BH" | "BI" | "BJ" | "BL" | "BM" | "BN" | "BO" | "BQ" | "BR" | "BS" | "BT" | "BV" | "BW" | "BY" | "BZ" | "CA" | "CC" | "CD" | "CF" | "CG" | "CH" | "CI" | "CK" | "CL" | "CM" | "CN" | "CO" | "CR" | "CU" | "CV" | "CW" | "CX" | "CY" | "CZ" | "DE" | "DJ" | "DK" | "DM" | "DO" | "DZ" | "EC" | "EE" | "EG" | "EH" | "ER" | "ES" | "ET" | "FI" | "FJ" | "FK" | "FM" | "FO" | "FR" | "GA" | "GB" | "GD" | "GE" | "GF" | "GG" | "GH" | "GI" | "GL" | "GM" | "GN" | "GP" | "GQ" | "GR" | "GS" | "GT" | "GU" | "GW" | "GY" | "HK" | "HM" | "HN" | "HR" | "HT" | "HU" | "ID" | "IE" | "IL" | "IM" | "IN" | "IO" | "IQ" | "IR" | "IS" | "IT" | "JE" | "JM" | "JO" | "JP" | "KE" | "KG" | "KH" | "KI" | "KM" | "KN" | "KP" | "KR" | "KW" | "KY" | "KZ" | "LA" | "LB" | "LC" | "LI" | "LK" | "LR" | "LS" | "LT" | "LU" | "LV" | "LY" | "MA" | "MC" | "MD" | "ME" | "MF" | "MG" | "MH" | "MK" | "ML" | "MM" | "MN" | "MO" | "MP" | "MQ" | "MR" | "MS" | "MT" | "MU" | "MV" | "MW" | "MX" | "MY" | "MZ" | "NA" | "NC" | "NE" | "NF" | "NG" | "NI" | "NL" | "NO" | "NP" | "NR" | "NU" | "NZ" | "OM" | "PA" | "PE" | "PF" | "PG" | "PH" | "PK" | "PL" | "PM" | "PN" | "PR" | "PS" | "PT" | "PW" | "PY" | "QA" | "RE" | "RO" | "RS" | "RU" | "RW" | "SA" | "SB" | "SC" | "SD" | "SE" | "SG" | "SH" | "SI" | "SJ" | "SK" | "SL" | "SM" | "SN" | "SO" | "SR" | "SS" | "ST" | "SV" | "SX" | "SY" | "SZ" | "TC" | "TD" | "TF" | "TG" | "TH" | "TJ" | "TK" | "TL" | "TM" | "TN" | "TO" | "TR" | "TT" | "TV" | "TW" | "TZ" | "UA" | "UG" | "UM" | "US" | "UY" | "UZ" | "VA" | "VC" | "VE" | "VG" | "VI" | "VN" | "VU" | "WF" | "WS" | "XK" | "YE" | "YT" | "ZA" | "ZM" | "ZW";
                        /** @description Percentage from "0" to "100" with at most 4 decimals, e.g. "19" or "7.5". */
                        rate: string;
                    }[];
                    test_mode?: boolean;
                    unpaid_order_timeout_minutes?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Store"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_themes: {
        parameters: {
            query?: {
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Theme"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_themes_by_name: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The theme's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Theme"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_themes_by_name_activate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The theme's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Theme"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_themes_by_name_settings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The theme's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThemeSettings"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    put_themes_by_name_settings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The theme's name. */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Setting id → value. */
                    settings: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThemeSettings"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_variants: {
        parameters: {
            query?: {
                /** @description The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile. */
                after?: string;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description ISO 4217 code among the store's currencies (any case); prices are converted (or fixed variant prices used). */
                currency?: string;
                /** @description Comma-separated; prefix with - for descending. Allowed: sku, -sku, price, -price, created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Variants of this product. */
                product?: number;
                /** @description Exact SKU (case-insensitive). */
                sku?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Variant"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_variants_by_id: {
        parameters: {
            query?: {
                /** @description ISO 4217 code among the store's currencies (any case); prices are converted (or fixed variant prices used). */
                currency?: string;
            };
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variant"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_variants_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_variants_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default false. */
                    allow_backorder?: boolean;
                    /** @description Decimal string, or null to unset. */
                    compare_at_price?: string | null;
                    /** @description Package size in millimetres (shipping rates use it); null: not known. */
                    dimensions?: {
                        height: number;
                        length: number;
                        width: number;
                    } | null;
                    /** @description Exactly the product's option names, each with one of its values. */
                    options?: {
                        [key: string]: string;
                    };
                    /** @description Decimal string in the store's default currency, e.g. "19.99". */
                    price?: string;
                    /** @description Fixed prices in other store currencies, e.g. {"EUR": "17.50"}; they win over conversion. */
                    prices?: {
                        [key: string]: string;
                    };
                    /** @description Unique in the store (case-insensitively). */
                    sku?: string;
                    /** @description Default true. */
                    track_inventory?: boolean;
                    /** @description Weight in grams (shipping rates use it); null: not known. */
                    weight?: number | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variant"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_vouchers: {
        parameters: {
            query?: {
                /** @description Only active (true) or inactive (false) vouchers. */
                active?: boolean;
                /** @description The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile. */
                after?: string;
                /** @description The voucher with this code, in any case. */
                code?: string;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description Comma-separated; prefix with - for descending. Allowed: code, -code, created_at, -created_at, times_used, -times_used. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Text search. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Voucher"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_vouchers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default true. */
                    active?: boolean;
                    /** @description Letters, digits, - and _; unique in any case. */
                    code: string;
                    /** @description One of the store's currencies; required for fixed vouchers. */
                    currency?: string | null;
                    /** @enum {string} */
                    discount_type: "percentage" | "fixed";
                    /** Format: date-time */
                    ends_at?: string | null;
                    /** @description Minimum merchandise subtotal, in `currency` or else the store default currency. */
                    min_subtotal?: string | null;
                    /** @description Orders per customer (by account or e-mail); null: unlimited. */
                    per_customer_limit?: number | null;
                    /** Format: date-time */
                    starts_at?: string | null;
                    /** @description Total orders that may use it; null: unlimited. */
                    usage_limit?: number | null;
                    /** @description percentage: "10" or "12.5" (over 0, at most 100, up to 4 decimals); fixed: an amount in `currency` ("5.00"), over 0. */
                    value: string;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Voucher"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_vouchers_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Voucher"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_vouchers_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_vouchers_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default true. */
                    active?: boolean;
                    /** @description Letters, digits, - and _; unique in any case. */
                    code?: string;
                    /** @description One of the store's currencies; required for fixed vouchers. */
                    currency?: string | null;
                    /** @enum {string} */
                    discount_type?: "percentage" | "fixed";
                    /** Format: date-time */
                    ends_at?: string | null;
                    /** @description Minimum merchandise subtotal, in `currency` or else the store default currency. */
                    min_subtotal?: string | null;
                    /** @description Orders per customer (by account or e-mail); null: unlimited. */
                    per_customer_limit?: number | null;
                    /** Format: date-time */
                    starts_at?: string | null;
                    /** @description Total orders that may use it; null: unlimited. */
                    usage_limit?: number | null;
                    /** @description percentage: "10" or "12.5" (over 0, at most 100, up to 4 decimals); fixed: an amount in `currency` ("5.00"), over 0. */
                    value?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Voucher"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_warehouses: {
        parameters: {
            query?: {
                /** @description Only active (true) or inactive (false) warehouses. */
                active?: boolean;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description Comma-separated; prefix with - for descending. Allowed: priority, -priority, name, -name, code, -code, created_at, -created_at. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["Warehouse"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_warehouses: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default true. */
                    active?: boolean;
                    /** @description Letters, digits, dot, dash, underscore. */
                    code: string;
                    /** @description ISO 3166-1 alpha-2 (any case; stored upper-cased), or null. */
                    country?: string | null;
                    name: string;
                    /** @description Allocation order, lower first; default 0. */
                    priority?: number;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Warehouse"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_warehouses_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Warehouse"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_warehouses_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_warehouses_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default true. */
                    active?: boolean;
                    /** @description Letters, digits, dot, dash, underscore. */
                    code?: string;
                    /** @description ISO 3166-1 alpha-2 (any case; stored upper-cased), or null. */
                    country?: string | null;
                    name?: string;
                    /** @description Allocation order, lower first; default 0. */
                    priority?: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Warehouse"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_webhooks: {
        parameters: {
            query?: {
                /** @description Only active (true) or inactive (false) endpoints. */
                active?: boolean;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at, url, -url. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_webhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default true. */
                    active?: boolean;
                    description?: string;
                    /** @description Event types from the catalogue (the document's `webhooks` section), or ["*"] alone for every type. */
                    events: string[];
                    /**
                     * Format: uri
                     * @description An https URL. Plain http only for loopback hosts (localhost, 127.0.0.0/8, ::1), a development allowance.
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Created; the Location header names the new record. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Inactive endpoints get no new deliveries; their pending ones wait. */
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        description: string;
                        /**
                         * Format: date-time
                         * @description When the store disabled it for failing; null otherwise.
                         */
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        /** @description Subscribed event types, or ["*"] for every type. */
                        events: string[];
                        /**
                         * Format: date-time
                         * @description Since when every attempt has failed; 3 days of it disables the endpoint.
                         */
                        failing_since: string | null;
                        id: number;
                        /** @description The signing secret: 64 hex characters (32 random bytes). Shown only now; use the string itself as the HMAC key. Null in the replay for a repeated Idempotency-Key (Idempotent-Replayed: true): the secret is never stored, so only the first answer shows it; the Idempotent-Secrets-Omitted header names the fields. */
                        secret: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description https (plain http only for loopback hosts). */
                        url: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_webhooks_by_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    delete_webhooks_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patch_webhooks_by_id: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default true. */
                    active?: boolean;
                    description?: string;
                    /** @description Event types from the catalogue (the document's `webhooks` section), or ["*"] alone for every type. */
                    events?: string[];
                    /**
                     * Format: uri
                     * @description An https URL. Plain http only for loopback hosts (localhost, 127.0.0.0/8, ::1), a development allowance.
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_webhooks_by_id_deliveries: {
        parameters: {
            query?: {
                /** @description The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile. */
                after?: string;
                /** @description Lower bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__gte?: string | unknown | unknown;
                /** @description Upper bound (inclusive) on created_at: an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z). */
                created_at__lte?: string | unknown | unknown;
                /** @description Only the delivery of this event. */
                event_id?: number;
                /** @description Comma-separated; prefix with - for descending. Allowed: created_at, -created_at, attempts, -attempts. */
                ordering?: string;
                /** @description 1-indexed page number. */
                page?: number;
                /** @description Items per page, at most 100. */
                page_size?: number;
                /** @description Only deliveries in this status. */
                status?: "pending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        /** Format: uri */
                        next: string | null;
                        /** Format: uri */
                        previous: string | null;
                        results: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_webhooks_by_id_deliveries_by_delivery_id_redeliver: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `delivery_id` of the record, from its URL. */
                delivery_id: number;
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted; the work continues in the background. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    post_webhooks_by_id_rotate_secret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`. */
                "X-CSRFToken"?: components["parameters"]["CSRFToken"];
            };
            path: {
                /** @description The `id` of the record, from its URL. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Inactive endpoints get no new deliveries; their pending ones wait. */
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        description: string;
                        /**
                         * Format: date-time
                         * @description When the store disabled it for failing; null otherwise.
                         */
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        /** @description Subscribed event types, or ["*"] for every type. */
                        events: string[];
                        /**
                         * Format: date-time
                         * @description Since when every attempt has failed; 3 days of it disables the endpoint.
                         */
                        failing_since: string | null;
                        id: number;
                        /** @description The signing secret: 64 hex characters (32 random bytes). Shown only now; use the string itself as the HMAC key. Null in the replay for a repeated Idempotency-Key (Idempotent-Replayed: true): the secret is never stored, so only the first answer shows it; the Idempotent-Secrets-Omitted header names the fields. */
                        secret: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description https (plain http only for loopback hosts). */
                        url: string;
                    };
                };
            };
            /** @description Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller may not do this (`permission_denied`). Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such record, or a page past the end (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_latest_openapi_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    get_readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhook_cart_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "cart.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Cart"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "cart.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_cart_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "cart.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Cart"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "cart.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_category_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "category.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Category"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "category.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_category_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "category.deleted";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Category"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "category.deleted";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_category_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "category.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Category"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "category.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_checkout_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "checkout.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Checkout"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "checkout.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_checkout_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "checkout.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Checkout"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "checkout.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "customer.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        /** Format: date-time */
                        created_at: string;
                        email: string;
                        first_name?: string | null;
                        id: number;
                        /** @enum {string} */
                        kind: "customer";
                        last_name?: string | null;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "customer.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "customer.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Customer"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "customer.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_inventory_low_stock: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "inventory.low_stock";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["InventoryRecord"] & {
                        /** @description The store's low-stock threshold the available units fell below. */
                        threshold: number;
                    };
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "inventory.low_stock";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_inventory_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "inventory.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["InventoryRecord"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "inventory.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "order.cancelled";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Order"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "order.cancelled";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "order.completed";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Order"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "order.completed";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "order.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Order"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "order.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_delivered: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "order.delivered";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Order"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "order.delivered";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_paid: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "order.paid";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Order"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "order.paid";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_shipped: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "order.shipped";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Order"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "order.shipped";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_order_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "order.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Order"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "order.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_page_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "page.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        id: number;
                        published?: boolean;
                        slug: string;
                        title: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "page.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_page_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "page.deleted";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        id: number;
                        published?: boolean;
                        slug: string;
                        title: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "page.deleted";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_page_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "page.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        id: number;
                        published?: boolean;
                        slug: string;
                        title: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "page.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "payment.failed";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        amount: components["schemas"]["Money"];
                        captured?: components["schemas"]["Money"];
                        error?: string | null;
                        gateway?: string;
                        id: number;
                        order_id: number;
                        order_number?: string;
                        refunded?: components["schemas"]["Money"];
                        status: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "payment.failed";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_payment_succeeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "payment.succeeded";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: {
                        amount: components["schemas"]["Money"];
                        captured?: components["schemas"]["Money"];
                        error?: string | null;
                        gateway?: string;
                        id: number;
                        order_id: number;
                        order_number?: string;
                        refunded?: components["schemas"]["Money"];
                        status: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "payment.succeeded";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_plugin_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "plugin.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Plugin"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "plugin.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_product_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "product.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Product"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "product.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_product_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "product.deleted";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Product"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "product.deleted";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_product_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "product.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Product"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "product.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_refund_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "refund.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Refund"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "refund.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_shipment_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "shipment.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Shipment"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "shipment.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_shipment_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "shipment.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Shipment"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "shipment.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_shipping_method_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "shipping_method.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ShippingMethod"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "shipping_method.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_shipping_method_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "shipping_method.deleted";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ShippingMethod"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "shipping_method.deleted";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_shipping_method_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "shipping_method.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ShippingMethod"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "shipping_method.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_store_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "store.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Store"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "store.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_theme_activated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "theme.activated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Theme"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "theme.activated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_theme_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "theme.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ThemeSettings"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "theme.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_variant_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "variant.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Variant"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "variant.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_variant_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "variant.deleted";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Variant"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "variant.deleted";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_variant_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "variant.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Variant"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "variant.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_voucher_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "voucher.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Voucher"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "voucher.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_voucher_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "voucher.deleted";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Voucher"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "voucher.deleted";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_voucher_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "voucher.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Voucher"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "voucher.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_warehouse_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "warehouse.created";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Warehouse"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "warehouse.created";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_warehouse_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "warehouse.deleted";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Warehouse"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "warehouse.deleted";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_warehouse_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the same on every retry): deduplicate by it. */
                "X-Service-Event-Id": string;
                /** @description The event type. */
                "X-Service-Event-Type": "warehouse.updated";
                /** @description Lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint's signing secret. */
                "X-Service-Signature": string;
                /** @description Unix time (seconds) of this delivery attempt. */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["Warehouse"];
                    /** @description Unique event id. */
                    id: number;
                    /** @enum {string} */
                    type: "warehouse.updated";
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds accepts the event; anything else is retried with backoff for 3 days. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
