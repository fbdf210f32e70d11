/**
 * The avatar edit dialog (SPEC §2.11, §4 Avatar update, §5 Avatar upload, §8 Avatar): pick one image
 * (PNG, JPEG, GIF or WebP, 2 MB, 256x256 recommended), upload it (resized by the server), set it through
 * update_user_avatar, read the session again so the header shows it; closes on success or Cancel.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { AVATAR } from '../../../shared/constants.ts';
import {
  AVATAR_MESSAGES,
  AVATAR_UPLOAD_RULES,
  checkFile,
  UPLOAD_MESSAGES,
} from '../../../shared/validation/uploads.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { acceptAttribute, UploadRulesHint } from '../files/UploadRules.tsx';
import { detectFileType, postMultipart } from '../files/upload-client.ts';

export function AvatarEditDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user, refresh } = useAuth();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  // Forget the choice whenever the dialog closes.
  useEffect(() => {
    if (!open) {
      setFile(null);
      setError(null);
      setProgress(null);
    }
  }, [open]);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function onSelect(selected: File | undefined) {
    setError(null);
    setFile(null);
    if (!selected) return;
    const sniffed = await detectFileType(selected);
    const detected = sniffed ?? (selected.type && !selected.type.startsWith('image/') ? selected.type : null);
    const check = checkFile(selected, detected, AVATAR_UPLOAD_RULES);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setFile(selected);
  }

  async function onSave() {
    if (!file) {
      setError(UPLOAD_MESSAGES.noFilesSelected);
      return;
    }
    setProgress(0);
    let url: string;
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      url = (await postMultipart<{ url: string }>('/api/avatars', form, setProgress)).url;
    } catch (err) {
      setProgress(null);
      const message = err instanceof ApiError && err.message ? err.message : AVATAR_MESSAGES.uploadFailed;
      setError(message);
      toast({ title: AVATAR_MESSAGES.uploadFailedTitle, description: message, variant: 'destructive' });
      return;
    }
    try {
      const ok = await api<boolean>('/api/rpc/update_user_avatar', { body: { p_avatar_url: url } });
      if (!ok) throw new Error(AVATAR_MESSAGES.updateFailed);
      await refresh();
    } catch (err) {
      setProgress(null);
      const message = err instanceof Error && err.message ? err.message : AVATAR_MESSAGES.updateFailed;
      toast({ title: AVATAR_MESSAGES.updateFailedTitle, description: message, variant: 'destructive' });
      return;
    }
    toast({ title: AVATAR_MESSAGES.updatedTitle, description: AVATAR_MESSAGES.updated, variant: 'success' });
    onOpenChange(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg bg-white p-6 text-slate-900 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-brand-900">Change profile picture</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-700">
                Recommended {AVATAR.recommendedPx}x{AVATAR.recommendedPx} pixels. It is cropped to a square.
              </Dialog.Description>
            </div>
            <Dialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close" disabled={busy}>
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <div className="flex items-center gap-4">
            <Avatar src={preview ?? user?.avatarUrl} name={user?.fullName} email={user?.email} size="xl" />
            <div className="flex flex-col gap-1">
              <label htmlFor={inputId} className="text-sm font-medium">
                Picture
              </label>
              <input
                id={inputId}
                type="file"
                accept={acceptAttribute(AVATAR_UPLOAD_RULES)}
                disabled={busy}
                aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
                aria-invalid={error ? true : undefined}
                onChange={(e) => void onSelect(e.target.files?.[0])}
                className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
              />
              <UploadRulesHint id={`${inputId}-hint`} rules={AVATAR_UPLOAD_RULES} />
            </div>
          </div>

          {progress !== null && (
            <div
              role="progressbar"
              aria-label="Uploading profile picture"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 w-full overflow-hidden rounded bg-slate-200"
            >
              <div className="h-full bg-brand-600" style={{ width: `${progress}%` }} />
            </div>
          )}
          {error && (
            <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}

          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="button" onClick={() => void onSave()} disabled={busy || !file}>
              {busy ? 'Uploading...' : 'Save'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
