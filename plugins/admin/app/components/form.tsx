import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../api/client.ts';
import { ErrorNotice } from './ui.tsx';

export type FieldErrors = Record<string, string[]>;

/**
 * A form's submission: busy while it runs, and the API's refusal split into the message shown at the
 * top and the `errors` each field shows beside itself.
 */
export function useSubmit<T>(action: () => Promise<T>, onDone?: (result: T) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const submit = async (event?: Event) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const result = await action();
      onDone?.(result);
    } catch (err) {
      setError(err);
      if (err instanceof ApiError) setFieldErrors(err.errors);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, fieldErrors, submit };
}

/** Messages for a field, also those the API named under a nested path (`variants.0.sku` under `variants`). */
export function messagesFor(errors: FieldErrors, name: string): string[] {
  return Object.entries(errors).filter(([key]) => key === name || key.startsWith(`${name}.`) || key.startsWith(`${name}[`)).flatMap(([, m]) => m);
}

let nextId = 0;

export function Field({ label, name, errors, hint, children }: { label: string; name: string; errors?: FieldErrors; hint?: string; children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; name: string }) => ComponentChildren }) {
  const [id] = useState(() => `f-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}-${++nextId}`);
  const messages = errors ? messagesFor(errors, name) : [];
  const described = [hint ? `${id}-hint` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div class={`field${messages.length ? ' field-invalid' : ''}`}>
      <label for={id}>{label}</label>
      {children({ id, name, 'aria-describedby': described || undefined, 'aria-invalid': messages.length ? true : undefined })}
      {hint && <p class="hint" id={`${id}-hint`}>{hint}</p>}
      {messages.length > 0 && (
        <p class="field-error" id={`${id}-error`} data-field-error={name}>
          {messages.join(' ')}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<JSX.IntrinsicElements['input'], 'value' | 'onInput' | 'label'> & { label: string; name: string; value: string; onValue: (value: string) => void; errors?: FieldErrors; hint?: string };

export function TextField({ label, name, value, onValue, errors, hint, ...rest }: InputProps) {
  return (
    <Field label={label} name={name} errors={errors} hint={hint}>
      {(props) => <input {...rest} {...props} value={value} onInput={(e) => onValue((e.target as HTMLInputElement).value)} />}
    </Field>
  );
}

export function SelectField({ label, name, value, onValue, options, errors, hint }: { label: string; name: string; value: string; onValue: (value: string) => void; options: [string, string][]; errors?: FieldErrors; hint?: string }) {
  return (
    <Field label={label} name={name} errors={errors} hint={hint}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onValue((e.target as HTMLSelectElement).value)}>
          {options.map(([v, text]) => (
            <option value={v}>{text}</option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField({ label, name, checked, onValue }: { label: string; name: string; checked: boolean; onValue: (value: boolean) => void }) {
  return (
    <div class="field field-check">
      <label>
        <input type="checkbox" name={name} checked={checked} onChange={(e) => onValue((e.target as HTMLInputElement).checked)} /> {label}
      </label>
    </div>
  );
}

/** The form's own refusal (the detail), above the fields. */
export function FormError({ error }: { error: unknown }) {
  return <ErrorNotice error={error} />;
}

/** A button's action outside a form (revoke, activate, capture): its refusal kept to show, `after` run on success. */
export function useAction(after?: () => void) {
  const [error, setError] = useState<unknown>(null);
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      after?.();
    } catch (err) {
      setError(err);
    }
  };
  return { error, run };
}
