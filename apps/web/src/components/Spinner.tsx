/** A decorative spinner; the accompanying text carries the meaning. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
