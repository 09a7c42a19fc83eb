import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from '../api/client.ts';

type ButtonProps = JSX.HTMLAttributes<HTMLButtonElement> & { kind?: 'primary' | 'danger' | 'plain'; type?: 'button' | 'submit'; disabled?: boolean };

export function Button({ kind = 'plain', type = 'button', class: cls, ...rest }: ButtonProps) {
  return <button type={type} class={`btn btn-${kind} ${cls ?? ''}`} {...rest} />;
}

/**
 * A destructive action asks first, in place: the button becomes a question with "Yes" and "Cancel"
 * (keyboard focus moves to "Cancel", so Enter twice does not destroy anything by accident).
 */
export function ConfirmButton({ label, question, onConfirm, disabled }: { label: string; question: string; onConfirm: () => void | Promise<void>; disabled?: boolean }) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <Button kind="danger" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <Button kind="danger" onClick={async () => { setAsking(false); await onConfirm(); }}>
        Yes, {label.toLowerCase()}
      </Button>
      <button type="button" class="btn btn-plain" ref={cancel} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error' | 'success' | 'warning'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** An API refusal: its detail, and the field messages no form field showed. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  const apiError = error as Partial<ApiError>;
  return <Notice kind="error">{apiError.message ?? String(error)}</Notice>;
}

export function Card({ title, actions, children }: { title?: string; actions?: ComponentChildren; children: ComponentChildren }) {
  return (
    <section class="card">
      {(title || actions) && (
        <header class="card-head">
          {title && <h2>{title}</h2>}
          {actions && <div class="card-actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

export function PageHead({ title, actions }: { title: string; actions?: ComponentChildren }) {
  return (
    <div class="page-head">
      <h1>{title}</h1>
      {actions && <div class="page-actions">{actions}</div>}
    </div>
  );
}

export function Badge({ value }: { value: string }) {
  return <span class={`badge badge-${value.replace(/[^a-z_]/g, '')}`}>{value.replace(/_/g, ' ')}</span>;
}
