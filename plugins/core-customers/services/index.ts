import { asValue } from 'awilix';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { LoginThrottle, PasswordHasher, SessionService, UserService } from '../../core-auth/contracts.ts';
import { AddressService } from './addresses.ts';
import { CustomerService } from './customers.ts';
import { OwnAccountService } from './own-account.ts';
import { ProfileStore } from './profiles.ts';

/** Every core-customers service, as its routes share them. */
export interface CustomerServices {
  customers: CustomerService;
  addresses: AddressService;
  ownAccount: OwnAccountService;
}

/**
 * Builds the services on core-auth's (resolved from the container) and registers `customerService`
 * and `customerAddressService` for other plugins.
 */
export function createCustomerServices(ctx: PluginContext): CustomerServices {
  const { container } = ctx;
  const users = container.resolve<UserService>('userService');
  const sessions = container.resolve<SessionService>('sessionService');
  const profiles = new ProfileStore(ctx.clock);
  // A moved default address changes the customer as the API shows it: announce it.
  const addresses: AddressService = new AddressService({ clock: ctx.clock, profiles, defaultsChanged: (trx, id): Promise<void> => customers.announce(trx, id) });
  const customers: CustomerService = new CustomerService({ users, sessions, profiles, addresses, events: ctx.events });
  const ownAccount = new OwnAccountService({
    knex: ctx.knex,
    customers,
    users,
    sessions,
    passwords: container.resolve<PasswordHasher>('passwordHasher'),
    throttle: container.resolve<LoginThrottle>('loginThrottle'),
  });
  container.register({ customerService: asValue(customers), customerAddressService: asValue(addresses) });
  return { customers, addresses, ownAccount };
}
