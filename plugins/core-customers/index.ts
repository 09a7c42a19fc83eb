import { definePlugin } from '../../kernel/plugin.ts';
import { registerAddressRoutes } from './routes/addresses.ts';
import { registerMeRoutes } from './routes/me.ts';
import { registerStaffRoutes } from './routes/staff.ts';
import { addressSchema, customerSchema } from './schemas.ts';
import { createCustomerServices } from './services/index.ts';

export const PLUGIN_NAME = 'core-customers';

export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Customer accounts: profile, saved addresses with defaults, and the staff customer list.',
  dependsOn: ['core-store', 'core-auth'],
  register(ctx) {
    const services = createCustomerServices(ctx);
    for (const schema of [customerSchema, addressSchema]) ctx.schemas.add(schema as any);
    // `me` first: its static path is registered before anything else claims /customers/:id/.
    registerMeRoutes(ctx, services);
    registerAddressRoutes(ctx, services);
    registerStaffRoutes(ctx, services);
  },
});
