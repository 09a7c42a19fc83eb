/**
 * The published types of core-catalog: what other plugins (checkout, inventory, the demo data) name
 * when they call its container services (`variantService`, `productService`, `categoryService`) or read
 * its views. Other plugins import these and nothing else of core-catalog.
 */
export type { VariantColumns, VariantForSale, VariantIds } from './services/for-sale.ts';
export type { ProductView, VariantView } from './services/records.ts';
export type { CategoryService } from './services/categories.ts';
export type { ProductService } from './services/products.ts';
export type { VariantService } from './services/variants.ts';
