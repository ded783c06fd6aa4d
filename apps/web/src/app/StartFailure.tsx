import { ErrorScreen } from '../components/StatusScreen';
import { FALLBACK_TEXT } from './fallbackText';

/**
 * The page shown when the app cannot start because its settings or its texts failed to load:
 * no label is known yet, so it speaks the English {@link FALLBACK_TEXT}, with `message` and Retry
 * (`onRetry`).
 */
export function StartFailure({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <main id="main" className="site-main">
      <ErrorScreen title={FALLBACK_TEXT.somethingWentWrong} message={message} retryLabel={FALLBACK_TEXT.retry} onRetry={onRetry} />
    </main>
  );
}
