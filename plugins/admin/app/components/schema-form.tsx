import { CheckboxField, SelectField, TextField, type FieldErrors } from './form.tsx';

interface PropertySchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  writeOnly?: boolean;
  default?: unknown;
  'x-setting-type'?: string;
}

export interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
  required?: string[];
}

/** `webhook_secret` → `Webhook secret`: a label for a setting without a title. */
function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function typeOf(p: PropertySchema): string {
  return (Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type) ?? 'string';
}

/**
 * A settings form generated from a JSON Schema (a theme's or a plugin's): checkboxes for booleans,
 * selects for enums, number and range inputs, colour pickers, password fields for secrets (left
 * empty, a secret keeps its stored value).
 */
export function SchemaFields({ schema, values, onChange, errors, secretsSet = [], prefix = 'settings' }: { schema: ObjectSchema; values: Record<string, unknown>; onChange: (values: Record<string, unknown>) => void; errors: FieldErrors; secretsSet?: string[]; prefix?: string }) {
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([key, p]) => {
        const label = `${p.title ?? humanize(key)}${schema.required?.includes(key) ? ' (required)' : ''}`;
        const value = values[key];
        const set = (v: unknown) => onChange({ ...values, [key]: v });
        const name = `${prefix}.${key}`;
        const type = typeOf(p);
        if (type === 'boolean') return <CheckboxField label={label} name={name} checked={Boolean(value)} onValue={set} />;
        if (p.enum) return <SelectField label={label} name={name} value={String(value ?? '')} onValue={set} options={p.enum.map((e) => [String(e), String(e)])} errors={errors} hint={p.description} />;
        if (type === 'integer' || type === 'number') {
          const range = p['x-setting-type'] === 'range';
          return <TextField label={range ? `${label}: ${value ?? ''}` : label} name={name} type={range ? 'range' : 'number'} min={p.minimum} max={p.maximum} value={value === undefined || value === null ? '' : String(value)} onValue={(v) => set(v === '' ? undefined : Number(v))} errors={errors} hint={p.description} />;
        }
        if (p.writeOnly) {
          const stored = secretsSet.includes(key);
          return <TextField label={label} name={name} type="password" autoComplete="off" value={String(value ?? '')} onValue={(v) => set(v === '' ? undefined : v)} errors={errors} hint={stored ? 'A value is stored; leave empty to keep it.' : p.description} />;
        }
        const inputType = p['x-setting-type'] === 'color' ? 'color' : p['x-setting-type'] === 'image_url' ? 'url' : 'text';
        return <TextField label={label} name={name} type={inputType} value={String(value ?? '')} onValue={set} errors={errors} hint={p.description} />;
      })}
    </>
  );
}
