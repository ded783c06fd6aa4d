import { useId, useState } from 'react';
import '../styles/share.css';

/**
 * A link to share, in full in a read-only field, and a button that copies it (the clipboard; when
 * the browser refuses, the field is selected for the viewer to copy). `copiedLabel` is announced
 * (a status) once copied.
 */
export function ShareLink({ url, label, copyLabel, copiedLabel }: { url: string; label: string; copyLabel: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      document.getElementById(`${id}-url`)?.focus();
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="share-link">
      <label htmlFor={`${id}-url`}>{label}</label>
      <div className="share-link__row">
        <input id={`${id}-url`} readOnly value={url} dir="ltr" onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copyLabel}
        </button>
      </div>
      <p role="status" className="status-note">
        {copied ? copiedLabel : ''}
      </p>
    </div>
  );
}
