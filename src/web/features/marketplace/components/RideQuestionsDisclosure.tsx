/**
 * A trip card's "Questions (n)" button and, when open, the thread with the ask form. The thread (with the
 * schemas that check a question) is loaded when first opened, not with the driver's list (issue 17).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useQuestionCount } from '../questions-api.ts';

const QuestionThread = lazy(() => import('./RideQuestions.tsx').then((m) => ({ default: m.QuestionThread })));

/** The button's words: "Ask a question", "Questions (2)"; on a return trip's card, naming the leg. */
export function disclosureText(n: number | undefined, leg?: 'outbound' | 'return'): string {
  if (!leg) return n === undefined ? 'Questions' : n === 0 ? 'Ask a question' : `Questions (${n})`;
  const about = `the ${leg} leg`;
  return n === undefined
    ? `Questions on ${about}`
    : n === 0
      ? `Ask about ${about}`
      : `Questions on ${about} (${n})`;
}

export function RideQuestionsDisclosure({ rideId, leg }: { rideId: string; leg?: 'outbound' | 'return' }) {
  const anchor = `questions-${rideId}`;
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const count = useQuestionCount(rideId);
  const ref = useRef<HTMLDivElement>(null);

  // A notification's link (/available-rides#questions-{id}) opens this trip's questions.
  useEffect(() => {
    if (window.location.hash === `#${anchor}`) {
      setOpen(true);
      ref.current?.scrollIntoView({ block: 'start' });
    }
  }, [anchor]);

  const n = count.data?.questions;
  const unanswered = count.data?.unanswered ?? 0;
  return (
    <div id={anchor} ref={ref} className="flex flex-col gap-3">
      <Button
        type="button"
        size="sm"
        variant="secondary"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {disclosureText(n, leg)}
        {unanswered > 0 && <span className="sr-only">, {unanswered} not answered yet</span>}
      </Button>
      <div id={panelId} hidden={!open} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        {open && (
          <Suspense fallback={<Loading text="Loading the questions..." />}>
            <QuestionThread rideId={rideId} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
