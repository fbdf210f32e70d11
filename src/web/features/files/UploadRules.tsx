/** What a file input tells about its upload rules: its accept attribute, and the hint list under it. */
import {
  acceptedTypesLabel,
  EXTENSIONS,
  formatBytes,
  UPLOAD_MESSAGES,
  type UploadRules,
} from '../../../shared/validation/uploads.ts';

/** The input's accept attribute: each accepted type and its extensions ('image/png,.png,...'). */
export const acceptAttribute = (rules: UploadRules) =>
  rules.accept.flatMap((t) => [t, ...EXTENSIONS[t].map((e) => `.${e}`)]).join(',');

/** The accepted types, the largest size and how many files; `id` is for the input's aria-describedby. */
export function UploadRulesHint({ id, rules }: { id: string; rules: UploadRules }) {
  return (
    <ul id={id} className="text-xs text-slate-600">
      <li>
        {UPLOAD_MESSAGES.hintTypes}: {acceptedTypesLabel(rules)}
      </li>
      <li>
        {UPLOAD_MESSAGES.hintSize}: {formatBytes(rules.maxBytes)}
      </li>
      <li>
        {UPLOAD_MESSAGES.hintFiles}: {rules.maxFiles}
      </li>
    </ul>
  );
}
