// Test-case zip upload with upload progress (XMLHttpRequest: fetch has no upload progress).
import { useSession } from '../../store/session';

export interface UploadAnswer {
  fileList: { input: string; output: string; groupNum?: number }[];
  fileListDir: string;
}

export function uploadTestcaseZip(
  file: File,
  params: { mode: string; gid?: number | null },
  onProgress: (fraction: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const q = new URLSearchParams({ mode: params.mode });
    if (params.gid) q.set('gid', String(params.gid));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/file/upload-testcase-zip?${q.toString()}`);
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.setRequestHeader('Url-Type', 'admin');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new Error('Upload Testcase Failed'));
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { status: number; msg: string; data: UploadAnswer };
        if (body.status === 200) resolve(body.data);
        else reject(new Error(body.msg || 'Upload Testcase Failed'));
      } catch {
        reject(new Error('Upload Testcase Failed'));
      }
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
