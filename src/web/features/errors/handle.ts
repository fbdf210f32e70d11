/**
 * The one place the web app turns an error into what the user sees and what admins get (SPEC §8
 * categorised errors): a toast with the category's title and message, and a report for high and
 * critical ones, loaded on demand.
 */
import { type EnhancedError, enhanceError, shouldReport, toastFor } from '../../../shared/errors.ts';
import { toast } from '../../components/ui/toast.tsx';

export interface HandleErrorOptions {
  /** Show a toast (default true). */
  toast?: boolean;
  /** Force the destructive look whatever the severity (query and mutation errors, SPEC §8). */
  destructive?: boolean;
}

export function handleError(
  error: unknown,
  context: Record<string, unknown> = {},
  opts: HandleErrorOptions = {},
): EnhancedError {
  const enhanced = enhanceError(error, context);
  if (opts.toast !== false) {
    const t = toastFor(enhanced);
    toast({
      title: t.title,
      description: t.description,
      variant: opts.destructive ? 'destructive' : t.variant,
      critical: t.critical,
    });
  }
  if (shouldReport(enhanced)) {
    void import('./report.ts').then((m) => m.reportError(enhanced)).catch(() => undefined);
  }
  return enhanced;
}
