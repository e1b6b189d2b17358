// Markdown uploads (spec part 3 §7.2): a pasted or dropped file goes to /api/file/upload-md-img
// (images) or /api/file/upload-md-file (anything else) with upload progress (XMLHttpRequest:
// fetch reports no upload progress); the answer's link is inserted as markdown.
import { requestHeaders } from '../api/http-rules';
import { useSession } from '../store/session';

export const MD_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const MD_FILE_MAX_BYTES = 128 * 1024 * 1024;
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'webp'];

export const extensionOf = (name: string): string => {
  const i = name.lastIndexOf('.');
  return (i >= 0 ? name.slice(i + 1) : '').toLowerCase();
};

/** Pictures the image endpoint takes go there; everything else is a plain file link. */
export const isMarkdownImage = (file: { name: string; type: string }): boolean =>
  file.type.startsWith('image/') && IMAGE_EXTENSIONS.includes(extensionOf(file.name));

/** The markdown that points at an uploaded file. Brackets in the name would end the link text. */
export function markdownLink(name: string, link: string, image: boolean): string {
  const label = name.replace(/[[\]\\]/g, '');
  return image ? `![${label}](${link})` : `[${label}](${link})`;
}

/** Inserts `text` at the selection of `value`; returns the new value and caret. */
export function insertAt(value: string, start: number, end: number, text: string) {
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}

export class UploadError extends Error {}

/** Uploads one file; `onProgress` gets 0..1. Resolves with the public link. */
export function uploadMarkdownFile(
  file: File,
  opts: { gid?: number | null; onProgress?: (fraction: number) => void } = {},
): Promise<{ link: string; image: boolean }> {
  const image = isMarkdownImage(file);
  const url = image ? '/api/file/upload-md-img' : '/api/file/upload-md-file';
  const form = new FormData();
  form.append(image ? 'image' : 'file', file, file.name);
  if (opts.gid) form.append('gid', String(opts.gid));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(requestHeaders(url, useSession.getState().token)))
      xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new UploadError('network'));
    xhr.onload = () => {
      type Answer = { status?: number; msg?: string; data?: { link?: string } } | null;
      let body: Answer = null;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        // not JSON: reported below with the HTTP status
      }
      if (body?.status === 200 && body.data?.link) resolve({ link: body.data.link, image });
      else reject(new UploadError(body?.msg ?? `HTTP ${xhr.status}`));
    };
    xhr.send(form);
  });
}
