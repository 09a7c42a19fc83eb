/**
 * The demo store's contents, as data. Prices are in cents of a two-decimal currency and are written in
 * the store's default currency (converted to its number of decimals). Every SKU starts with `DEMO-`, so
 * demo variants are easy to find and do not collide with a real catalogue's SKUs.
 */

export interface DemoText {
  name: string;
  description: string;
}

export interface DemoCategory extends DemoText {
  slug: string;
  de?: DemoText;
}

export interface DemoVariant {
  options: Record<string, string>;
  sku: string;
  cents: number;
  compareAtCents?: number;
  stock: number;
}

export interface DemoProduct extends DemoText {
  category: string;
  options: Array<{ name: string; values: string[] }>;
  variants: DemoVariant[];
  de?: DemoText;
}

export interface DemoShippingMethod {
  name: string;
  description: string;
  cents: number;
  freeAboveCents: number | null;
}

export const DEMO_STORE = {
  /** Used only while the store still has its default name and no tagline. */
  name: 'Storekeep Demo Shop',
  tagline: 'Demo catalogue: sample products with made-up prices and stock.',
  /** Offered beside the store's currency in a store the demo sets up, at a made-up rate. */
  secondCurrency: 'EUR',
  exchangeRate: '0.92',
};

export const WAREHOUSE = { code: 'MAIN', name: 'Main warehouse' };

export const CATEGORIES: DemoCategory[] = [
  { slug: 'demo-apparel', name: 'Apparel', description: 'Everyday clothing in natural fibres.', de: { name: 'Bekleidung', description: 'Alltagskleidung aus Naturfasern.' } },
  { slug: 'demo-home-kitchen', name: 'Home & Kitchen', description: 'Things for the table and the kitchen.', de: { name: 'Haus & Küche', description: 'Schönes für Tisch und Küche.' } },
  { slug: 'demo-accessories', name: 'Accessories', description: 'Small things to carry every day.', de: { name: 'Accessoires', description: 'Kleine Dinge für jeden Tag.' } },
];

const colour = (values: string[]) => ({ name: 'Colour', values });
const size = (values: string[]) => ({ name: 'Size', values });

export const PRODUCTS: DemoProduct[] = [
  {
    category: 'demo-apparel',
    name: 'Classic Organic Tee',
    description: 'A heavyweight T-shirt in organic cotton with a relaxed fit.',
    de: { name: 'Klassisches Bio-T-Shirt', description: 'Ein schweres T-Shirt aus Bio-Baumwolle mit lockerer Passform.' },
    options: [colour(['Natural', 'Charcoal']), size(['M', 'L'])],
    variants: [
      { options: { Colour: 'Natural', Size: 'M' }, sku: 'DEMO-TEE-NAT-M', cents: 2400, stock: 30 },
      { options: { Colour: 'Natural', Size: 'L' }, sku: 'DEMO-TEE-NAT-L', cents: 2400, stock: 24 },
      { options: { Colour: 'Charcoal', Size: 'M' }, sku: 'DEMO-TEE-CHA-M', cents: 2400, stock: 18 },
      { options: { Colour: 'Charcoal', Size: 'L' }, sku: 'DEMO-TEE-CHA-L', cents: 2400, stock: 3 },
    ],
  },
  {
    category: 'demo-apparel',
    name: 'Merino Beanie',
    de: { name: 'Merino-Mütze', description: 'Eine warme Rippstrickmütze aus feiner Merinowolle.' },
    description: 'A soft, warm rib-knit beanie in fine merino wool.',
    options: [colour(['Forest', 'Sand'])],
    variants: [
      { options: { Colour: 'Forest' }, sku: 'DEMO-BEANIE-FOR', cents: 2900, compareAtCents: 3500, stock: 20 },
      { options: { Colour: 'Sand' }, sku: 'DEMO-BEANIE-SAN', cents: 2900, compareAtCents: 3500, stock: 12 },
    ],
  },
  {
    category: 'demo-apparel',
    name: 'Canvas Sneakers',
    de: { name: 'Canvas-Sneaker', description: 'Leichte Sneaker aus Baumwoll-Canvas mit Naturkautschuksohle.' },
    description: 'Low-top sneakers with a cotton canvas upper and a natural rubber sole.',
    options: [size(['40', '42', '44'])],
    variants: [
      { options: { Size: '40' }, sku: 'DEMO-SNEAKER-40', cents: 6900, stock: 8 },
      { options: { Size: '42' }, sku: 'DEMO-SNEAKER-42', cents: 6900, stock: 10 },
      { options: { Size: '44' }, sku: 'DEMO-SNEAKER-44', cents: 6900, stock: 2 },
    ],
  },
  {
    category: 'demo-home-kitchen',
    name: 'Stoneware Mug',
    description: 'A hand-glazed 350 ml stoneware mug, safe in the dishwasher.',
    de: { name: 'Steingut-Becher', description: 'Ein handglasierter Becher aus Steingut, 350 ml, spülmaschinenfest.' },
    options: [colour(['White', 'Sage', 'Terracotta'])],
    variants: [
      { options: { Colour: 'White' }, sku: 'DEMO-MUG-WHT', cents: 1600, stock: 40 },
      { options: { Colour: 'Sage' }, sku: 'DEMO-MUG-SAG', cents: 1600, stock: 26 },
      { options: { Colour: 'Terracotta' }, sku: 'DEMO-MUG-TER', cents: 1600, stock: 4 },
    ],
  },
  {
    category: 'demo-home-kitchen',
    name: 'Linen Tea Towel',
    de: { name: 'Leinen-Geschirrtuch', description: 'Ein saugfähiges Geschirrtuch aus reinem Leinen.' },
    description: 'A stonewashed linen tea towel that dries well and softens with every wash.',
    options: [colour(['Oat', 'Indigo'])],
    variants: [
      { options: { Colour: 'Oat' }, sku: 'DEMO-TOWEL-OAT', cents: 1200, stock: 35 },
      { options: { Colour: 'Indigo' }, sku: 'DEMO-TOWEL-IND', cents: 1200, stock: 22 },
    ],
  },
  {
    category: 'demo-home-kitchen',
    name: 'Pour-Over Coffee Set',
    de: { name: 'Handfilter-Kaffeeset', description: 'Handfilter mit Kanne für zwei Tassen.' },
    description: 'A dripper with a matching carafe for two to four cups.',
    options: [{ name: 'Material', values: ['Glass', 'Ceramic'] }],
    variants: [
      { options: { Material: 'Glass' }, sku: 'DEMO-POUROVER-GLS', cents: 3900, stock: 15 },
      { options: { Material: 'Ceramic' }, sku: 'DEMO-POUROVER-CER', cents: 4900, stock: 9 },
    ],
  },
  {
    category: 'demo-accessories',
    name: 'Waxed Canvas Tote',
    de: { name: 'Gewachste Canvas-Tasche', description: 'Eine robuste Tasche aus gewachstem Canvas.' },
    description: 'A roomy tote in water-resistant waxed canvas with leather handles.',
    options: [colour(['Olive', 'Navy'])],
    variants: [
      { options: { Colour: 'Olive' }, sku: 'DEMO-TOTE-OLV', cents: 5500, stock: 14 },
      { options: { Colour: 'Navy' }, sku: 'DEMO-TOTE-NVY', cents: 5500, stock: 11 },
    ],
  },
  {
    category: 'demo-accessories',
    name: 'Leather Card Holder',
    de: { name: 'Leder-Kartenetui', description: 'Ein schmales Kartenetui aus pflanzlich gegerbtem Leder mit drei Fächern.' },
    description: 'A slim card holder in vegetable-tanned leather with three pockets.',
    options: [colour(['Tan', 'Black', 'Burgundy'])],
    variants: [
      { options: { Colour: 'Tan' }, sku: 'DEMO-CARD-TAN', cents: 3200, stock: 25 },
      { options: { Colour: 'Black' }, sku: 'DEMO-CARD-BLK', cents: 3200, stock: 27 },
      { options: { Colour: 'Burgundy' }, sku: 'DEMO-CARD-BUR', cents: 3200, stock: 6 },
    ],
  },
];

export const SHIPPING_METHODS: DemoShippingMethod[] = [
  { name: 'Standard shipping', description: 'Flat rate, everywhere.', cents: 490, freeAboveCents: null },
  { name: 'Tracked parcel', description: 'Tracked delivery; free from a subtotal of {free_above}.', cents: 790, freeAboveCents: 6000 },
];
