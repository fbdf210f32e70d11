/**
 * Upload rules and messages of SPEC §5 (File upload, Avatar upload) and §8 (Upload, Avatar), defined once
 * for the upload widget, the avatar dialog and the server, which checks everything again.
 */
import { AVATAR, UPLOAD } from '../constants.ts';

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const DOCUMENT_MIME_TYPES = [...IMAGE_MIME_TYPES, 'application/pdf'] as const;
export type AcceptedMime = (typeof DOCUMENT_MIME_TYPES)[number];

/** File-name extensions each accepted type may carry (the first is the canonical one). */
export const EXTENSIONS: Record<AcceptedMime, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

export const TYPE_LABELS: Record<AcceptedMime, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

export const UPLOAD_MESSAGES = {
  tooManyFilesTitle: 'Too many files',
  tooManyFiles: (max: number) => `You can only upload a maximum of ${max} files.`,
  fileTooLarge: (maxBytes: number) => `File is too large. Maximum size is ${formatBytes(maxBytes)}.`,
  typeUndetermined: 'File type could not be determined. Please try a different file.',
  imageRequired: 'Please upload an image file (PNG, JPEG, GIF, or WebP).',
  typeNotAccepted: (type: string) => `File type ${type} is not accepted.`,
  invalidImage: (type: string) => `Invalid file type ${type}. Please upload an image file.`,
  tooManyPixels: `This image is too large in pixels: at most ${UPLOAD.maxPixels / 1_000_000} megapixels and ${UPLOAD.maxSide.toLocaleString('en-AU')} pixels a side.`,
  unreadableImage: 'This image could not be read. Please try a different file.',
  authRequiredTitle: 'Authentication required',
  authRequired: 'You must be logged in to upload files.',
  noFilesSelected: 'No files selected',
  // Server answers (§8 Upload).
  permissionDenied: "Permission denied: You don't have access to upload to this location...",
  badRequest: (detail: string) => `Bad request: ${detail}`,
  tooLargeServer: 'File too large: The file exceeds the maximum allowed size.',
  // Toasts (§8 Upload).
  completeTitle: 'Upload complete',
  complete: (n: number) => `Successfully uploaded ${n} file(s).`,
  someFailedTitle: (n: number) => `Failed to upload ${n} file(s)`,
  failedTitle: 'Upload failed',
  unexpected: 'An unexpected error occurred during upload.',
  // Hints (§5).
  hintTypes: 'Accepted file types',
  hintSize: 'Maximum file size',
  hintFiles: 'Maximum files',
} as const;

export const AVATAR_MESSAGES = {
  updatedTitle: 'Avatar updated',
  updated: 'Your profile picture has been updated successfully.',
  updateFailedTitle: 'Update failed',
  updateFailed: 'Failed to update your profile picture.',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Failed to upload profile picture.',
  /** Our own (the spec does not show the widget's wording). */
  notOwnAvatar: 'Only an avatar you uploaded yourself can be set as your profile picture.',
  processFailed: 'The image could not be processed.',
} as const;

export interface UploadRules {
  maxFiles: number;
  maxBytes: number;
  accept: readonly AcceptedMime[];
}

export const DOCUMENT_UPLOAD_RULES: UploadRules = {
  maxFiles: UPLOAD.maxFiles,
  maxBytes: UPLOAD.maxBytes,
  accept: DOCUMENT_MIME_TYPES,
};
export const IMAGE_UPLOAD_RULES: UploadRules = {
  maxFiles: UPLOAD.maxFiles,
  maxBytes: UPLOAD.maxBytes,
  accept: IMAGE_MIME_TYPES,
};
export const AVATAR_UPLOAD_RULES: UploadRules = {
  maxFiles: AVATAR.maxFiles,
  maxBytes: AVATAR.maxBytes,
  accept: IMAGE_MIME_TYPES,
};

/** 5242880 -> '5MB', 2097152 -> '2MB', 1536 -> '1.5KB'. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)}${units[unit]}`;
}

export function isImageOnly(rules: UploadRules): boolean {
  return rules.accept.every((t) => t.startsWith('image/'));
}

export function acceptedTypesLabel(rules: UploadRules): string {
  return rules.accept.map((t) => TYPE_LABELS[t]).join(', ');
}

export function extensionOf(fileName: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The real type from a file's first bytes (magic numbers), for the accepted types only; null otherwise.
 * The browser uses this; the server uses file-type, which knows many more formats.
 */
export function sniffType(bytes: Uint8Array): AcceptedMime | null {
  const at = (offset: number, sig: number[]) => sig.every((b, i) => bytes[offset + i] === b);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  if (at(0, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** The count rule (§5): null when fine, else the title and message to show. */
export function checkFileCount(count: number, rules: UploadRules): { title: string; message: string } | null {
  if (count === 0)
    return { title: UPLOAD_MESSAGES.noFilesSelected, message: UPLOAD_MESSAGES.noFilesSelected };
  if (count > rules.maxFiles)
    return {
      title: UPLOAD_MESSAGES.tooManyFilesTitle,
      message: UPLOAD_MESSAGES.tooManyFiles(rules.maxFiles),
    };
  return null;
}

export type FileCheck = { ok: true; mime: AcceptedMime; ext: string } | { ok: false; message: string };

/**
 * One file against the rules (§5): size, then the real type from its bytes, which must be accepted and
 * agree with the name's extension (a text file named .png is refused).
 */
export function checkFile(
  file: { name: string; size: number },
  detected: string | null | undefined,
  rules: UploadRules,
): FileCheck {
  if (file.size > rules.maxBytes) return { ok: false, message: UPLOAD_MESSAGES.fileTooLarge(rules.maxBytes) };
  if (!detected) return { ok: false, message: UPLOAD_MESSAGES.typeUndetermined };
  if (!(rules.accept as readonly string[]).includes(detected)) {
    return {
      ok: false,
      message: isImageOnly(rules) ? UPLOAD_MESSAGES.imageRequired : UPLOAD_MESSAGES.typeNotAccepted(detected),
    };
  }
  const mime = detected as AcceptedMime;
  const ext = extensionOf(file.name);
  if (ext && !EXTENSIONS[mime].includes(ext)) return { ok: false, message: UPLOAD_MESSAGES.typeUndetermined };
  return { ok: true, mime, ext: ext ?? EXTENSIONS[mime][0]! };
}

/** An optional sub-folder: up to three segments of letters, digits, '_' and '-'. */
export const FOLDER_PATTERN = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,2}$/;

/** Item of an upload answer (§3). */
export interface UploadedFile {
  id: string;
  name: string;
  path: string;
  size: number;
  type: string;
  url: string;
}
