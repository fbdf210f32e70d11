/** /dev/mailbox: every e-mail the app recorded, with clickable links. Development only (not in production). */
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
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

export default function DevMailboxPage() {
  usePageMeta('Development Mailbox', 'E-mails the app sent while running without SMTP.');
  const [to, setTo] = useState('');
  const query = useQuery({
    queryKey: ['dev', 'mailbox', to],
    queryFn: () =>
      api<{ messages: Message[] }>(`/api/dev/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}`),
  });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">Development mailbox</h1>
      <p className="text-slate-700">
        Every e-mail the app recorded, newest first, with its delivery status. Without SMTP_URL nothing leaves
        the machine: a "sent" mail was only handed to the JSON transport.
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setTo(String(new FormData(e.currentTarget).get('to') ?? '').trim());
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Recipient
          <input
            name="to"
            type="email"
            defaultValue={to}
            className="h-11 rounded-md border border-slate-400 px-3"
          />
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Button type="button" variant="ghost" onClick={() => query.refetch()}>
          Refresh
        </Button>
      </form>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <p role="alert">{query.error.message}</p>
      ) : query.data.messages.length === 0 ? (
        <p>No e-mails yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {query.data.messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="mail">
              <h2 className="font-semibold">{m.subject}</h2>
              <p className="text-sm text-slate-700">
                To {m.to} · {m.kind} · {new Date(m.createdAt).toLocaleString('en-AU')}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <span
                  className={`rounded px-2 py-0.5 font-medium ${STATUS_STYLE[m.status] ?? STATUS_STYLE.pending}`}
                  data-testid="mail-status"
                >
                  {m.status}
                </span>
                <span className="text-slate-700">{statusText(m)}</span>
              </p>
              {m.error && m.status !== 'sent' ? (
                <p className="mt-1 text-sm text-red-800">Last error: {m.error}</p>
              ) : null}
              <pre className="mt-3 whitespace-pre-wrap font-sans text-sm">
                <Linkified text={m.text} />
              </pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
