/**
 * Which files the storage accepts and how they are named: allowed content types per media kind, the
 * extension each maps to, the content type served for a key, and magic-number sniffing so a declared
 * type cannot smuggle in other bytes.
 */
import { RESOURCE_CONTENT_TYPES } from '@lectio/contracts/resources';
import { HLS_STORED_CONTENT_TYPES } from '@lectio/contracts/video';
import type { MediaKind } from './storage-port';

export const THUMBNAIL_CONTENT_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;

export const LECTURE_CONTENT_TYPES = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
} as const;

const ALLOWED: Record<MediaKind, Readonly<Record<string, string>>> = {
  thumbnail: THUMBNAIL_CONTENT_TYPES,
  lecture: LECTURE_CONTENT_TYPES,
  // Avatars take exactly the images a course thumbnail may be.
  avatar: THUMBNAIL_CONTENT_TYPES,
  resource: RESOURCE_CONTENT_TYPES,
};

export const DEFAULT_CONTENT_TYPE: Record<MediaKind, string> = {
  thumbnail: 'image/jpeg',
  lecture: 'video/mp4',
  avatar: 'image/jpeg',
  resource: 'application/pdf',
};

export function allowedContentTypes(kind: MediaKind): string[] {
  return Object.keys(ALLOWED[kind]);
}

/** The file extension for an allowed content type of the kind, or null when the type is not allowed. */
export function extensionFor(kind: MediaKind, contentType: string): string | null {
  return Object.hasOwn(ALLOWED[kind], contentType) ? (ALLOWED[kind][contentType] ?? null) : null;
}

const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  // What the HLS transcoder stores (services/video): fMP4 segments and the thumbnails' WebVTT.
  ...HLS_STORED_CONTENT_TYPES,
  ...Object.fromEntries(Object.entries(RESOURCE_CONTENT_TYPES).map(([type, extension]) => [extension, type])),
};

/** The Content-Type to serve a stored key with (from its extension). */
export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return Object.hasOwn(TYPE_BY_EXTENSION, extension)
    ? (TYPE_BY_EXTENSION[extension] ?? 'application/octet-stream')
    : 'application/octet-stream';
}

/** How many leading bytes sniffing needs. */
export const SNIFF_BYTES = 12;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** ISO base media (mp4, mov) files open with a box whose type is one of these. */
const QUICKTIME_LEADING_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * True when the leading bytes are what the declared content type promises. mp4 and QuickTime share the
 * ISO base media format (an `ftyp` box), so either declaration accepts either brand; QuickTime also
 * accepts the legacy files that open with another atom.
 */
export function bytesMatchContentType(head: Uint8Array, contentType: string): boolean {
  const startsWith = (...signature: number[]) =>
    head.length >= signature.length && signature.every((byte, index) => head[index] === byte);
  switch (contentType) {
    case 'image/jpeg':
      return startsWith(0xff, 0xd8, 0xff);
    case 'image/png':
      return startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/gif':
      return head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a');
    case 'image/webp':
      return head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP';
    case 'video/webm':
      return startsWith(0x1a, 0x45, 0xdf, 0xa3);
    case 'video/mp4':
      return head.length >= 12 && ascii(head, 4, 8) === 'ftyp';
    case 'video/quicktime':
      return (
        head.length >= 8 && (ascii(head, 4, 8) === 'ftyp' || QUICKTIME_LEADING_ATOMS.has(ascii(head, 4, 8)))
      );
    case 'application/pdf':
      return head.length >= 5 && ascii(head, 0, 5) === '%PDF-';
    // zip, and the Office formats, which are zip archives.
    case 'application/zip':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      return startsWith(0x50, 0x4b, 0x03, 0x04);
    // Text has no signature: no NUL byte, the mark of a binary file.
    case 'text/plain':
    case 'text/markdown':
    case 'text/csv':
    case 'application/json':
    case 'text/javascript':
    case 'text/x-python':
      return !head.includes(0);
    default:
      return false;
  }
}
