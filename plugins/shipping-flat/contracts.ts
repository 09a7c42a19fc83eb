/**
 * The published types of shipping-flat: its container service `shippingMethodService` as other plugins
 * call it (the demo data makes a method). Other plugins import these and nothing else of shipping-flat.
 */
export type { ShippingMethodService } from './services/methods.ts';
