import type { PaymentGateway, PaymentGatewayRegistry } from '../../contracts.ts';

/** `paymentGateways`: the installed gateways by identifier; plugins register theirs at load time. */
export class GatewayRegistry implements PaymentGatewayRegistry {
  private readonly gateways = new Map<string, PaymentGateway>();

  register(gateway: PaymentGateway): void {
    const id = gateway?.identifier;
    if (typeof id !== 'string' || !/^[a-z0-9][a-z0-9_-]{0,49}$/.test(id)) {
      throw new Error(`A payment gateway identifier must be 1–50 lower-case letters, digits, "_" or "-"; got ${JSON.stringify(id)}.`);
    }
    if (this.gateways.has(id)) throw new Error(`A payment gateway "${id}" is already registered.`);
    this.gateways.set(id, gateway);
  }

  get(identifier: string): PaymentGateway | undefined {
    return this.gateways.get(identifier);
  }

  list(): PaymentGateway[] {
    return [...this.gateways.values()];
  }
}
