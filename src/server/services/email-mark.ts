/**
 * The brand mark every e-mail shows in its header (issue 18): a 72 px PNG of the favicon's drawing
 * (src/server/assets/email-mark.png, 1.7 KB), sent inside the message as an inline part with the Content-ID
 * the layout's <img src="cid:..."> names, so no client has to load anything from elsewhere.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths.ts';
import { EMAIL_MARK_CID } from './email-layout.ts';

let png: Buffer | null = null;

/** The inline attachment for a message whose HTML shows the mark; none for a message that does not. */
export function markAttachments(html: string | null | undefined) {
  if (!html?.includes(`cid:${EMAIL_MARK_CID}`)) return [];
  png ??= readFileSync(path.join(PROJECT_ROOT, 'src/server/assets/email-mark.png'));
  return [
    {
      filename: 'shuttlequote.png',
      content: png,
      contentType: 'image/png',
      cid: EMAIL_MARK_CID,
      contentDisposition: 'inline' as const,
    },
  ];
}
