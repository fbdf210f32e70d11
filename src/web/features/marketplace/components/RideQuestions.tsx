/**
 * Questions before booking: the thread of one trip, with the ask form for drivers and an answer form under
 * each unanswered question for the trip's customer. What the server decides (who may ask or answer, whether
 * the thread is closed) comes with the thread. New questions and answers arrive live (the shell's stream
 * refetches the thread) and are announced politely to screen readers.
 *
 *   <RideQuestions rideId />            the customer's section on /driver-matching/{id}
 *   <RideQuestionsDisclosure rideId />  a "Questions (n)" button on a trip card of /available-rides, in
 *                                     RideQuestionsDisclosure.tsx: it loads this module's thread when opened
 *
 * Issue 32: the customer also asks one driver about their quote (AskDriverQuestion.tsx, on the quote card);
 * such a question is marked as private to the two of them, and that driver answers it on the trip's card.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { maskContacts } from '../../../../shared/marketplace/mask-contacts.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import {
  answerQuestionSchema,
  askQuestionSchema,
  QUESTION_MESSAGES,
  type RideQuestionDto,
  type RideQuestionsDto,
} from '../../../../shared/validation/questions.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { useAnswerQuestion, useAskQuestion, useRideQuestions } from '../questions-api.ts';

/** The customer's section on the trip's page. */
export function RideQuestions({ rideId }: { rideId: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} id="questions" className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold">
        Questions and answers
      </h2>
      <QuestionThread rideId={rideId} />
    </section>
  );
}

const when = (iso: string) => formatSydney(iso, { weekday: undefined, year: undefined });

/** What changed since the thread was last seen, in words for a screen reader (null: nothing to say). */
function describeNews(before: RideQuestionsDto | undefined, after: RideQuestionsDto): string | null {
  if (!before) return null;
  const known = new Map(before.items.map((q) => [q.id, q]));
  const news: string[] = [];
  for (const q of after.items) {
    const old = known.get(q.id);
    if (!old && !q.mine) news.push(`New question from ${q.askedBy}: ${q.body}`);
    // One's own answers are not news.
    if (q.answer && !old?.answer && q.answer.answeredBy !== 'You') {
      news.push(`${q.mine ? 'Your question was answered' : 'New answer'}: ${q.answer.body}`);
    }
  }
  return news.length ? news.join('. ') : null;
}

export function QuestionThread({ rideId }: { rideId: string }) {
  const thread = useRideQuestions(rideId);
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<RideQuestionsDto | undefined>(undefined);
  const hintId = useId();

  useEffect(() => {
    if (!thread.data) return;
    const news = describeNews(previous.current, thread.data);
    previous.current = thread.data;
    if (news) setAnnouncement(news);
  }, [thread.data]);

  const announce = (text: string) => setAnnouncement(text);
  const data = thread.data;
  return (
    <div className="flex flex-col gap-3">
      {/* Present before anything changes, so screen readers announce what arrives. */}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {thread.isPending ? (
        <Loading text="Loading questions..." />
      ) : thread.error || !data ? (
        <LoadError what="Questions" error={thread.error} onRetry={() => void thread.refetch()} />
      ) : (
        <>
          <p id={hintId} className="text-sm text-slate-700">
            {QUESTION_MESSAGES.maskingHint}
          </p>
          {data.items.length === 0 ? (
            <p className="text-slate-700">
              {data.canAnswer
                ? 'No questions yet. Drivers can ask about your trip here before they quote, and you answer here. To ask a driver about their quote, use "Ask this driver" on the quote.'
                : data.canAsk
                  ? 'No questions yet. Ask the customer anything about the trip before you quote.'
                  : 'No questions were asked about this trip.'}
            </p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Questions and answers">
              {data.items.map((q) => (
                <QuestionItem
                  key={q.id}
                  rideId={rideId}
                  question={q}
                  hintId={hintId}
                  onAnswered={() => announce('Your answer was sent.')}
                />
              ))}
            </ol>
          )}
          {data.closedReason && (
            <p className="rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-800">
              {data.closedReason}
            </p>
          )}
          {data.canAsk && (
            <AskForm rideId={rideId} hintId={hintId} onSent={() => announce('Your question was sent.')} />
          )}
        </>
      )}
    </div>
  );
}

/** "You asked Bay Shuttles", "The customer asked you", "Bay Shuttles asked". */
function askedLine(q: RideQuestionDto): string {
  const who = q.mine ? 'You' : q.askedBy;
  return q.toDriver ? `${who} asked ${q.toDriver}` : `${who} asked`;
}

function QuestionItem({
  rideId,
  question: q,
  hintId,
  onAnswered,
}: {
  rideId: string;
  question: RideQuestionDto;
  hintId: string;
  onAnswered: () => void;
}) {
  const bodyId = useId();
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3"
      data-testid="ride-question"
    >
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{askedLine(q)}</strong> ·{' '}
        <time dateTime={q.createdAt}>{when(q.createdAt)}</time>
      </p>
      {q.toDriver && (
        <p className="text-xs text-slate-700" data-testid="private-question">
          About {q.toDriver === 'you' ? 'your' : 'their'} quote. Only you and{' '}
          {q.toDriver === 'you' ? 'the customer' : q.toDriver} see this.
        </p>
      )}
      <p id={bodyId} className="whitespace-pre-wrap break-words">
        {q.body}
      </p>
      {q.masked && <MaskedNote />}
      {q.answer ? (
        <div className="flex flex-col gap-1 border-l-4 border-brand-600 pl-3" data-testid="ride-answer">
          <p className="text-sm text-slate-700">
            <strong className="text-slate-900">{q.answer.answeredBy}</strong> answered ·{' '}
            <time dateTime={q.answer.createdAt}>{when(q.answer.createdAt)}</time>
          </p>
          <p className="whitespace-pre-wrap break-words">{q.answer.body}</p>
          {q.answer.masked && <MaskedNote />}
        </div>
      ) : q.canAnswer ? (
        <AnswerForm
          rideId={rideId}
          question={q}
          describedBy={`${bodyId} ${hintId}`}
          onAnswered={onAnswered}
        />
      ) : (
        <p className="text-sm text-slate-600">Not answered yet.</p>
      )}
    </li>
  );
}

function MaskedNote() {
  return <p className="text-xs text-slate-600">Contact details in this message were hidden until booking.</p>;
}

/** The error to show for a failed send: a field message for a 400 about the text, else the API's words. */
function sendError(err: unknown): { field: string | null; form: string | null } {
  if (err instanceof ApiError) {
    if (err.status === 400) return { field: err.issues?.[0]?.message ?? err.message, form: null };
    return { field: null, form: err.message };
  }
  return { field: null, form: 'That could not be sent. Please try again.' };
}

export function MessageForm({
  label,
  describedBy,
  submitText,
  pending,
  validate,
  send,
  testId,
}: {
  label: string;
  describedBy: string;
  submitText: string;
  pending: boolean;
  validate: (body: string) => string | null;
  send: (body: string) => Promise<void>;
  testId: string;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const problem = validate(body);
    if (problem) {
      setFieldError(problem);
      // The first (only) error: take the user to it.
      ref.current?.focus();
      return;
    }
    setFieldError(null);
    try {
      await send(body);
      setBody('');
    } catch (err) {
      const { field, form } = sendError(err);
      setFieldError(field);
      setFormError(form);
      ref.current?.focus();
    }
  }

  const errorId = `${id}-error`;
  // The server masks what is sent; saying so before sending avoids a surprise.
  const willMask = body.trim() !== '' && maskContacts(body).masked;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" data-testid={testId}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        rows={3}
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          // An error shown goes away as soon as the text is fine.
          if (fieldError) setFieldError(validate(e.target.value));
        }}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={[fieldError ? errorId : null, describedBy].filter(Boolean).join(' ')}
        className={cn(
          'rounded-md border bg-white px-3 py-2 text-base text-slate-900',
          fieldError ? 'border-red-700' : 'border-slate-400',
        )}
      />
      {fieldError && (
        <p id={errorId} className="text-sm text-red-700">
          {fieldError}
        </p>
      )}
      {willMask && (
        <p className="text-sm text-amber-900" data-testid="will-mask">
          Contact details in this message will be hidden when you send it.
        </p>
      )}
      <FormError message={formError} />
      <Button type="submit" size="sm" className="self-start" disabled={pending}>
        {pending ? 'Sending...' : submitText}
      </Button>
    </form>
  );
}

export const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? QUESTION_MESSAGES.bodyRequired);

function AskForm({ rideId, hintId, onSent }: { rideId: string; hintId: string; onSent: () => void }) {
  const ask = useAskQuestion(rideId);
  return (
    <MessageForm
      label="Ask the customer a question"
      describedBy={hintId}
      submitText="Send question"
      pending={ask.isPending}
      testId="ask-question"
      validate={(body) => firstIssue(askQuestionSchema.safeParse({ body }))}
      send={async (body) => {
        await ask.mutateAsync(body);
        onSent();
      }}
    />
  );
}

function AnswerForm({
  rideId,
  question,
  describedBy,
  onAnswered,
}: {
  rideId: string;
  question: RideQuestionDto;
  describedBy: string;
  onAnswered: () => void;
}) {
  const answer = useAnswerQuestion(rideId);
  return (
    <MessageForm
      label={`Your answer to ${question.askedBy === 'The customer' ? 'the customer' : question.askedBy}`}
      describedBy={describedBy}
      submitText="Send answer"
      pending={answer.isPending}
      testId="answer-question"
      validate={(body) => firstIssue(answerQuestionSchema.safeParse({ body }))}
      send={async (body) => {
        await answer.mutateAsync({ questionId: question.id, body });
        onAnswered();
      }}
    />
  );
}
