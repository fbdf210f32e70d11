/**
 * A list or page that could not be loaded (issue 18: errors that say what to do): what failed, the API's
 * own reason when it gave one, and a "Try again" that refetches without reloading the page.
 */
import { Button } from './button.tsx';

export function LoadError({
  what,
  error,
  onRetry,
}: {
  /** What could not be loaded, as a sentence's subject: "Bookings", "Your requests". */
  what: string;
  error?: Error | null;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <p>
        <strong>{what} could not be loaded.</strong> {error?.message ? `${error.message} ` : ''}Nothing you
        saved is lost: check your connection, then try again.
      </p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
