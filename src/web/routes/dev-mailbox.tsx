/**
 * /dev/mailbox: every e-mail the app recorded, with clickable links, and (a second tab) every text message
 * (issue 30). Development only (not in production).
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { api } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

interface Message {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
  createdAt: string;
  status: 'pending' | 'sent' | 'failed' | 'expired';
  attempts: number;
  error: string | null;
  sentAt: string | null;
  nextAttemptAt: string;
}

const STATUS_STYLE: Record<Message['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
};

/** What happened to the message, in words. */
function statusText(m: Message): string {
  const when = (iso: string) => new Date(iso).toLocaleString('en-AU');
  if (m.status === 'sent') return m.sentAt ? `Sent ${when(m.sentAt)}` : 'Sent';
  if (m.status === 'failed') return `Failed after ${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`;
  if (m.status === 'expired') return 'Expired: its link ran out before it was sent';
  return m.attempts === 0
    ? 'Waiting to be sent'
    : `Waiting: attempt ${m.attempts + 1} at ${when(m.nextAttemptAt)}`;
}

/** Plain text with its http(s) links made clickable. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string
          <a key={i} href={p} className="break-all text-brand-600 underline underline-offset-2">
            {p}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string
          <Fragment key={i}>{p}</Fragment>
        ),
      )}
    </>
  );
}

interface TextMessage {
  id: string;
  to: string;
  body: string;
  kind: string;
  status: 'pending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  error: string | null;
  providerId: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
}

const SMS_STATUS_STYLE: Record<TextMessage['status'], string> = {
  pending: STATUS_STYLE.pending,
  sent: STATUS_STYLE.sent,
  failed: STATUS_STYLE.failed,
  skipped: STATUS_STYLE.expired,
};

function smsStatusText(m: TextMessage): string {
  const when = (iso: string) => new Date(iso).toLocaleString('en-AU');
  if (m.status === 'sent') {
    const where = m.providerId?.startsWith('dev-') ? ' (kept here: no SMS provider is set up)' : '';
    return `${m.sentAt ? `Sent ${when(m.sentAt)}` : 'Sent'}${where}`;
  }
  if (m.status === 'failed') return `Failed after ${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`;
  if (m.status === 'skipped') return 'Not sent';
  return m.attempts === 0
    ? 'Waiting to be sent'
    : `Waiting: attempt ${m.attempts + 1} at ${when(m.nextAttemptAt)}`;
}

const tabClass =
  'rounded-md px-3 py-2 text-sm font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow';

export default function DevMailboxPage() {
  usePageMeta('Development Mailbox', 'E-mails and text messages the app sent while running without SMTP.');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">Development mailbox</h1>
      <Tabs.Root defaultValue="email">
        <Tabs.List aria-label="Messages" className="flex w-fit gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="email" className={tabClass}>
            E-mails
          </Tabs.Trigger>
          <Tabs.Trigger value="sms" className={tabClass}>
            Text messages
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="email" className="mt-4">
          <EmailTab />
        </Tabs.Content>
        <Tabs.Content value="sms" className="mt-4">
          <TextMessagesTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/** A recorded message's filter, its list and its status line; the two tabs differ in what they show. */
interface MessagesTabProps<T> {
  /** The messages come from GET /api/dev/{source} (`?to=` filters them). */
  source: 'sms' | 'mailbox';
  intro: string;
  /** The recipient field's label and type, and the two buttons' texts. */
  filter: { label: string; type: 'tel' | 'email'; submit: string; refresh: string };
  empty: string;
  /** One message's card (a MessageCard). */
  card: (m: T) => ReactNode;
}

/** Every message recorded, newest first, with a filter by recipient and a refresh. */
function MessagesTab<T extends { id: string }>({ source, intro, filter, empty, card }: MessagesTabProps<T>) {
  const [to, setTo] = useState('');
  const query = useQuery({
    queryKey: ['dev', source, to],
    queryFn: () => api<{ messages: T[] }>(`/api/dev/${source}${to ? `?to=${encodeURIComponent(to)}` : ''}`),
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{intro}</p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setTo(String(new FormData(e.currentTarget).get('to') ?? '').trim());
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          {filter.label}
          <input
            name="to"
            type={filter.type}
            defaultValue={to}
            className="h-11 rounded-md border border-slate-400 px-3"
          />
        </label>
        <Button type="submit" variant="secondary">
          {filter.submit}
        </Button>
        <Button type="button" variant="ghost" onClick={() => query.refetch()}>
          {filter.refresh}
        </Button>
      </form>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <p role="alert">{query.error.message}</p>
      ) : query.data.messages.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {query.data.messages.map((m) => (
            <Fragment key={m.id}>{card(m)}</Fragment>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One message: its heading, a line about it, its status (a badge and words), any last error, the body. */
function MessageCard(props: {
  testId: 'sms' | 'mail';
  heading: string;
  about: string;
  status: string;
  statusStyle: string | undefined;
  statusText: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid={props.testId}>
      <h2 className="font-semibold">{props.heading}</h2>
      <p className="text-sm text-slate-700">{props.about}</p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <span
          className={`rounded px-2 py-0.5 font-medium ${props.statusStyle ?? STATUS_STYLE.pending}`}
          data-testid={`${props.testId}-status`}
        >
          {props.status}
        </span>
        <span className="text-slate-700">{props.statusText}</span>
      </p>
      {props.error && props.status !== 'sent' ? (
        <p className="mt-1 text-sm text-red-800">Last error: {props.error}</p>
      ) : null}
      {props.children}
    </li>
  );
}

const recorded = (iso: string) => new Date(iso).toLocaleString('en-AU');

/** Every text message recorded, newest first (GET /api/dev/sms). */
function TextMessagesTab() {
  return (
    <MessagesTab<TextMessage>
      source="sms"
      intro="Every text message the app recorded, newest first. Without the TWILIO_ settings nothing leaves the machine: the texts are only kept here."
      filter={{ label: 'Mobile number', type: 'tel', submit: 'Filter texts', refresh: 'Refresh texts' }}
      empty="No text messages yet."
      card={(m) => (
        <MessageCard
          testId="sms"
          heading={`To ${m.to}`}
          about={`${m.kind} · ${recorded(m.createdAt)} · ${m.body.length} characters`}
          status={m.status}
          statusStyle={SMS_STATUS_STYLE[m.status]}
          statusText={smsStatusText(m)}
          error={m.error}
        >
          <p className="mt-3 max-w-sm whitespace-pre-wrap rounded-2xl bg-slate-100 px-4 py-3 text-sm">
            <Linkified text={m.body} />
          </p>
        </MessageCard>
      )}
    />
  );
}

/** Every e-mail recorded, newest first (GET /api/dev/mailbox). */
function EmailTab() {
  return (
    <MessagesTab<Message>
      source="mailbox"
      intro={
        'Every e-mail the app recorded, newest first, with its delivery status. Without SMTP_URL nothing leaves the machine: a "sent" mail was only handed to the JSON transport.'
      }
      filter={{ label: 'Recipient', type: 'email', submit: 'Filter', refresh: 'Refresh' }}
      empty="No e-mails yet."
      card={(m) => (
        <MessageCard
          testId="mail"
          heading={m.subject}
          about={`To ${m.to} · ${m.kind} · ${recorded(m.createdAt)}`}
          status={m.status}
          statusStyle={STATUS_STYLE[m.status]}
          statusText={statusText(m)}
          error={m.error}
        >
          <pre className="mt-3 whitespace-pre-wrap font-sans text-sm">
            <Linkified text={m.text} />
          </pre>
        </MessageCard>
      )}
    />
  );
}
