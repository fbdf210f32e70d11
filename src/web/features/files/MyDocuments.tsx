/** The signed-in user's documents: the upload widget and the list of their own files (open, delete). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { formatBytes, type UploadedFile } from '../../../shared/validation/uploads.ts';
import { Card } from '../../components/ui/card.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { api } from '../../lib/api.ts';
import { FileUpload } from './FileUpload.tsx';

const FILES_KEY = ['files'] as const;

export function MyDocuments() {
  const queryClient = useQueryClient();
  const files = useQuery({
    queryKey: FILES_KEY,
    queryFn: () => api<{ files: (UploadedFile & { createdAt: string })[] }>('/api/files'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/files/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FILES_KEY }),
    onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
  });

  return (
    <Card className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl font-bold">Documents</h2>
        <p className="text-sm text-slate-700">
          Licences, insurance papers or receipts. Only you can see them.
        </p>
      </div>
      <FileUpload
        folder="documents"
        label="Choose files to upload"
        onUploaded={() => void queryClient.invalidateQueries({ queryKey: FILES_KEY })}
      />
      {files.data && files.data.files.length > 0 && (
        <ul
          aria-label="Your documents"
          className="divide-y divide-slate-200 rounded-md border border-slate-200"
        >
          {files.data.files.map((f) => (
            <li key={f.id} className="flex items-center gap-3 p-3 text-sm">
              <a
                href={f.url}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 flex-1 truncate underline"
              >
                {f.name}
              </a>
              <span className="text-slate-600">{formatBytes(f.size)}</span>
              <button
                type="button"
                aria-label={`Delete ${f.name}`}
                className="rounded p-1 hover:bg-slate-100"
                disabled={remove.isPending}
                onClick={() => remove.mutate(f.id)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
