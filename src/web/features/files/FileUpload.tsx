/**
 * The reusable upload widget (SPEC §4 Upload, §5 File upload, §8 Upload): select, validate with the shared
 * rules, upload each file with its own progress bar, a tick or an error per file, removal before (never
 * during) upload, 'Uploading...' while busy, and the §8 toasts. Successful files leave the selection.
 */
import { CheckCircle2, FileIcon, Upload, X, XCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  checkFile,
  checkFileCount,
  DOCUMENT_UPLOAD_RULES,
  formatBytes,
  UPLOAD_MESSAGES,
  type UploadedFile,
  type UploadRules,
} from '../../../shared/validation/uploads.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { acceptAttribute, UploadRulesHint } from './UploadRules.tsx';
import { detectFileType, postMultipart } from './upload-client.ts';

type ItemStatus = 'ready' | 'invalid' | 'uploading' | 'done' | 'error';
interface Item {
  key: string;
  file: File;
  status: ItemStatus;
  progress: number;
  error?: string;
}

/** How long a finished file keeps its tick before it leaves the selection. */
const CLEAR_DONE_MS = 1500;

export interface FileUploadProps {
  rules?: UploadRules;
  /** Sub-folder inside the user's own folder. */
  folder?: string;
  label?: string;
  onUploaded?: (files: UploadedFile[]) => void;
  className?: string;
}

/** The type to judge a file by: its bytes; else what the browser says, when that is plainly not accepted. */
async function typeOf(file: File, rules: UploadRules): Promise<string | null> {
  const sniffed = await detectFileType(file);
  if (sniffed) return sniffed;
  if (file.type && !(rules.accept as readonly string[]).includes(file.type)) return file.type;
  return null;
}

export function FileUpload({
  rules = DOCUMENT_UPLOAD_RULES,
  folder,
  label = 'Choose files',
  onUploaded,
  className,
}: FileUploadProps) {
  const { user } = useAuth();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [uploading, setUploading] = useState(false);
  const [selectionError, setSelectionError] = useState<string | null>(null);

  const patch = (key: string, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  async function onSelect(list: FileList | null) {
    const files = [...(list ?? [])];
    if (inputRef.current) inputRef.current.value = '';
    if (files.length === 0) return;
    setSelectionError(null);
    const problem = checkFileCount(items.length + files.length, rules);
    if (problem) {
      setSelectionError(problem.message);
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    const added = await Promise.all(
      files.map(async (file): Promise<Item> => {
        const check = checkFile(file, await typeOf(file, rules), rules);
        return {
          key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
          file,
          status: check.ok ? 'ready' : 'invalid',
          progress: 0,
          error: check.ok ? undefined : check.message,
        };
      }),
    );
    setItems((current) => [...current, ...added]);
  }

  async function onUpload() {
    if (!user) {
      toast({
        title: UPLOAD_MESSAGES.authRequiredTitle,
        description: UPLOAD_MESSAGES.authRequired,
        variant: 'destructive',
      });
      return;
    }
    const queue = items.filter((i) => i.status === 'ready' || i.status === 'error');
    if (queue.length === 0) {
      toast({ title: UPLOAD_MESSAGES.noFilesSelected, variant: 'destructive' });
      return;
    }
    setUploading(true);
    const uploaded: UploadedFile[] = [];
    const done: string[] = [];
    let failed = 0;
    let firstError: string | undefined;
    try {
      for (const item of queue) {
        patch(item.key, { status: 'uploading', progress: 0, error: undefined });
        const form = new FormData();
        form.append('files', item.file, item.file.name);
        if (folder) form.append('folder', folder);
        try {
          const result = await postMultipart<{ files: UploadedFile[] }>('/api/files', form, (progress) =>
            patch(item.key, { progress }),
          );
          uploaded.push(...result.files);
          done.push(item.key);
          patch(item.key, { status: 'done', progress: 100 });
        } catch (err) {
          failed += 1;
          const message = err instanceof ApiError ? err.message : UPLOAD_MESSAGES.unexpected;
          firstError ??= message;
          patch(item.key, { status: 'error', error: message });
        }
      }
      if (failed > 0) {
        toast({
          title: UPLOAD_MESSAGES.someFailedTitle(failed),
          description: firstError,
          variant: 'destructive',
        });
      } else {
        toast({
          title: UPLOAD_MESSAGES.completeTitle,
          description: UPLOAD_MESSAGES.complete(uploaded.length),
          variant: 'success',
        });
      }
      if (uploaded.length > 0) onUploaded?.(uploaded);
      if (done.length > 0) {
        setTimeout(() => setItems((list) => list.filter((i) => !done.includes(i.key))), CLEAR_DONE_MS);
      }
    } catch (err) {
      toast({
        title: UPLOAD_MESSAGES.failedTitle,
        description: err instanceof Error && err.message ? err.message : UPLOAD_MESSAGES.unexpected,
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  }

  const uploadable = items.some((i) => i.status === 'ready' || i.status === 'error');

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-col gap-1">
        <label
          htmlFor={inputId}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-slate-300 p-6 text-center text-slate-700 hover:border-brand-600 focus-within:border-brand-600',
            uploading && 'cursor-not-allowed opacity-60',
          )}
        >
          <Upload className="h-6 w-6" aria-hidden="true" />
          <span className="font-semibold">{label}</span>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            multiple={rules.maxFiles > 1}
            accept={acceptAttribute(rules)}
            disabled={uploading}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(e) => void onSelect(e.target.files)}
          />
        </label>
        <UploadRulesHint id={hintId} rules={rules} />
      </div>

      {selectionError && (
        <p role="alert" className="text-sm text-red-700">
          {selectionError}
        </p>
      )}

      {items.length > 0 && (
        <ul aria-label="Selected files" className="flex flex-col gap-2">
          {items.map((item) => (
            <FileRow
              key={item.key}
              item={item}
              removable={!uploading && item.status !== 'uploading'}
              onRemove={() => setItems((list) => list.filter((i) => i.key !== item.key))}
            />
          ))}
        </ul>
      )}

      <div>
        <Button type="button" onClick={() => void onUpload()} disabled={uploading || !uploadable}>
          {uploading ? 'Uploading...' : 'Upload'}
        </Button>
      </div>
    </div>
  );
}

function FileRow({ item, removable, onRemove }: { item: Item; removable: boolean; onRemove: () => void }) {
  const { file, status, progress, error } = item;
  const showProgress = status === 'uploading' || status === 'done';
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-200 p-3" data-status={status}>
      <div className="flex items-center gap-2">
        <FileIcon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{file.name}</span>
        <span className="text-xs text-slate-600">{formatBytes(file.size)}</span>
        {status === 'done' && (
          <CheckCircle2 className="h-5 w-5 text-green-700" aria-label="Uploaded" role="img" />
        )}
        {(status === 'error' || status === 'invalid') && (
          <XCircle className="h-5 w-5 text-red-700" aria-label="Error" role="img" />
        )}
        <button
          type="button"
          onClick={onRemove}
          disabled={!removable}
          aria-label={`Remove ${file.name}`}
          className="rounded p-1 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {showProgress && (
        <div
          role="progressbar"
          aria-label={`Uploading ${file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 w-full overflow-hidden rounded bg-slate-200"
        >
          <div
            className={cn('h-full transition-[width]', status === 'done' ? 'bg-green-600' : 'bg-brand-600')}
            style={{ width: `${progress}%` }}
          />
        </div>
      )}
      {error && <p className="text-sm text-red-700">{error}</p>}
    </li>
  );
}
