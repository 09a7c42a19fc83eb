import { useState } from 'preact/hooks';
import { Button, Notice } from './ui.tsx';

/**
 * A key or secret the store shows once: with a copy button and the warning. It lives only in this
 * component's state, so leaving the screen forgets it.
 */
export function OnceSecret({ label, value, onDismiss }: { label: string; value: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Without clipboard permission the value stays selectable in the field.
      (document.getElementById('once-secret') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Notice kind="warning">
      <p>
        <strong>{label}</strong> Copy it now: the store keeps only its hash and will never show it again.
      </p>
      <div class="secret-row">
        <label class="sr-only" for="once-secret">
          {label}
        </label>
        <input id="once-secret" class="secret" readOnly value={value} onFocus={(e) => (e.target as HTMLInputElement).select()} data-once-secret />
        <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>
        <Button onClick={onDismiss}>I have stored it</Button>
      </div>
    </Notice>
  );
}
