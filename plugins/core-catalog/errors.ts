import { AppError, badRequest, conflict, notFound, type FieldErrors } from '../../kernel/http/errors.ts';

/** The error codes core-catalog answers with (besides the kernel's own), listed in its README. */
export const CatalogErrors = {
  productNotFound: () => notFound('No product with this id.'),
  variantNotFound: () => notFound('No variant with this id.'),
  categoryNotFound: () => notFound('No category with this id.'),
  /** Several bad fields at once, each named in `errors`. */
  invalid: (errors: FieldErrors) => badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors),
  duplicateSlug: (slug: string) => conflict('duplicate_slug', `The slug "${slug}" is already in use.`, { slug: [`The slug "${slug}" is already in use.`] }),
  duplicateSku: (sku: string, field = 'sku') => conflict('duplicate_sku', `The SKU "${sku}" is already in use.`, { [field]: [`The SKU "${sku}" is already in use.`] }),
  duplicateVariant: (combination: string) =>
    conflict('duplicate_variant', `This product already has a variant with the options ${combination}.`, {
      options: [`A variant with the options ${combination} already exists.`],
    }),
  /** Options changed in a way the existing variants contradict (a used value or option removed, an option added). */
  optionInUse: (messages: string[]) => conflict('option_in_use', messages.join(' '), { options: messages }),
  categoryNotEmpty: (detail: string) => conflict('category_not_empty', detail),
};

/** Throws the collected field errors, if any, as one 400. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw CatalogErrors.invalid(errors);
}

/** Adds a message for a field. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** The same refusal with every field name under `prefix` (`variants.0.` + `sku`). */
export function prefixed(err: AppError, prefix: string): AppError {
  const errors = err.errors
    ? Object.fromEntries(Object.entries(err.errors).map(([field, messages]) => [`${prefix}${field}`, messages]))
    : { [prefix.replace(/\.$/, '')]: [err.message] };
  return new AppError(err.status, err.code, `${prefix.replace(/\.$/, '')}: ${err.message}`, errors, err.headers);
}

/**
 * Runs several record writes, keeping going past refusals so that one answer names every bad record;
 * `throwIfAny` then throws them as one error (the caller's transaction rolls everything back). Only
 * refusals (AppError) are collected: anything else ends the run at once.
 */
export class ErrorCollector {
  private readonly failures: AppError[] = [];

  async run<T>(prefix: string, fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      this.add(prefix, err);
      return undefined;
    }
  }

  /** Records a refusal found without throwing it (anything but a refusal is thrown on). */
  add(prefix: string, err: unknown): void {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    this.failures.push(prefixed(err, prefix));
  }

  get failed(): boolean {
    return this.failures.length > 0;
  }

  /** One failure is thrown as it is; several become a 400 (a 409 when all are conflicts) naming each field. */
  throwIfAny(): void {
    if (this.failures.length === 0) return;
    if (this.failures.length === 1) throw this.failures[0];
    const errors: FieldErrors = {};
    for (const f of this.failures) for (const [field, messages] of Object.entries(f.errors ?? {})) (errors[field] ??= []).push(...messages);
    const allConflicts = this.failures.every((f) => f.status === 409);
    const fields = Object.keys(errors).join(', ');
    throw allConflicts ? conflict('conflict', `Conflicting records: ${fields}.`, errors) : badRequest(`Invalid input: ${fields}.`, errors);
  }
}
