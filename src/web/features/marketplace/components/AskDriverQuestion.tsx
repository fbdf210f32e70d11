/**
 * Issue 32: on a live quote's card the customer asks that driver a question before booking. A disclosure
 * ("Ask this driver") opens a form; the question is masked like every question (contact details come with
 * the booking), seen only by the customer and that driver, and the driver's answer appears in the page's
 * "Questions and answers" (live, and the customer is notified).
 */
import { useId, useState } from 'react';
import { askQuestionSchema, QUESTION_MESSAGES } from '../../../../shared/validation/questions.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAskDriver } from '../questions-api.ts';
import { firstIssue, MessageForm } from './RideQuestions.tsx';

export function AskDriverQuestion({
  rideId,
  quoteId,
  driverName,
}: {
  rideId: string;
  quoteId: string;
  driverName: string;
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const panelId = useId();
  const hintId = useId();
  const ask = useAskDriver(rideId, quoteId);
  return (
    <div className="flex flex-col gap-3" data-testid="ask-driver">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Ask this driver
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
      >
        {open && (
          <>
            <p id={hintId} className="text-sm text-slate-700">
              Only you and {driverName} see your question and the answer. {QUESTION_MESSAGES.maskingHint}
            </p>
            <MessageForm
              label={`Your question to ${driverName}`}
              describedBy={hintId}
              submitText="Send question"
              pending={ask.isPending}
              testId="ask-driver-form"
              validate={(body) => firstIssue(askQuestionSchema.safeParse({ body }))}
              send={async (body) => {
                setSent(false);
                await ask.mutateAsync(body);
                setSent(true);
              }}
            />
          </>
        )}
        <p role="status" className={sent ? 'text-sm text-green-800' : 'sr-only'}>
          {sent && (
            <>
              Your question was sent to {driverName}. Their answer will appear under{' '}
              <a href="#questions" className="underline">
                Questions and answers
              </a>
              , and we will tell you.
            </>
          )}
        </p>
      </div>
    </div>
  );
}
