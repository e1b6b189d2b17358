// A markdown editor for every area (discussions, comments, problem statements, announcements,
// notices): a textarea with a small toolbar and a live preview through the sanitising Markdown
// renderer plus KaTeX; images and files pasted or dropped in are uploaded with a progress bar
// and inserted as links. Side by side on wide screens, write/preview tabs below 768 px.
import { Button, ButtonGroup, Callout, FileInput, ProgressBar, TextArea } from '@blueprintjs/core';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MathMarkdown } from '../problem/MathMarkdown';
import { insertAt, markdownLink, uploadMarkdownFile, UploadError } from './md-upload';
import { toast } from './toaster';
import { useMediaQuery } from './useMediaQuery';
import './markdown-editor.css';

export interface MarkdownEditorProps {
  value: string;
  onChange(value: string): void;
  /** Group of the edited object: group admins may upload into their group's texts. */
  gid?: number | null;
  rows?: number;
  placeholder?: string;
  /** Show the preview (default true). */
  preview?: boolean;
  /** Allow uploads by paste, drop and the attach button (default true). */
  uploads?: boolean;
  maxLength?: number;
  testId?: string;
  /** Fill the parent's height (fullscreen dialogs). */
  fill?: boolean;
}

interface Upload {
  id: number;
  name: string;
  fraction: number;
}

let nextUploadId = 1;

const WRAPS = {
  bold: ['**', '**'],
  italic: ['*', '*'],
  code: ['`', '`'],
  codeBlock: ['\n```\n', '\n```\n'],
  link: ['[', '](https://)'],
  math: ['$', '$'],
} as const;

export function MarkdownEditor({
  value,
  onChange,
  gid,
  rows = 10,
  placeholder,
  preview = true,
  uploads = true,
  maxLength,
  testId = 'md-editor',
  fill = false,
}: MarkdownEditorProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 767px)');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [pending, setPending] = useState<Upload[]>([]);
  const area = useRef<HTMLTextAreaElement>(null);
  // The latest value, for uploads that finish after further typing.
  const latest = useRef(value);
  latest.current = value;

  function wrap(kind: keyof typeof WRAPS) {
    const el = area.current;
    const [before, after] = WRAPS[kind];
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + before + value.slice(start, end) + after + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + before.length, end + before.length);
    });
  }

  function insert(text: string) {
    const el = area.current;
    const v = latest.current;
    const start = el && document.activeElement === el ? el.selectionStart : v.length;
    const end = el && document.activeElement === el ? el.selectionEnd : v.length;
    // An upload starts its own paragraph, so an HTML block above it cannot swallow the link.
    const before = v.slice(0, start);
    const lead = !before || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const r = insertAt(v, start, end, lead + text);
    latest.current = r.value;
    onChange(r.value);
  }

  async function upload(files: File[]) {
    for (const file of files) {
      const id = nextUploadId++;
      setPending((p) => [...p, { id, name: file.name, fraction: 0 }]);
      try {
        const { link, image } = await uploadMarkdownFile(file, {
          gid,
          onProgress: (fraction) => setPending((p) => p.map((u) => (u.id === id ? { ...u, fraction } : u))),
        });
        insert(markdownLink(file.name, link, image));
      } catch (err) {
        toast.error(err instanceof UploadError ? err.message : t('mdEditor.uploadFailed'));
      } finally {
        setPending((p) => p.filter((u) => u.id !== id));
      }
    }
  }

  function onPaste(e: ClipboardEvent<HTMLTextAreaElement>) {
    if (!uploads) return;
    const files = [...e.clipboardData.files];
    if (files.length === 0) return;
    e.preventDefault();
    void upload(files);
  }

  function onDrop(e: DragEvent<HTMLTextAreaElement>) {
    if (!uploads) return;
    const files = [...e.dataTransfer.files];
    if (files.length === 0) return;
    e.preventDefault();
    void upload(files);
  }

  const showWrite = !narrow || !preview || tab === 'write';
  const showPreview = preview && (!narrow || tab === 'preview');
  const over = maxLength !== undefined && value.length > maxLength;

  return (
    <div className={`oj-md-editor${fill ? ' oj-md-editor-fill' : ''}`} data-testid={testId}>
      <div className="oj-md-toolbar">
        <ButtonGroup minimal>
          <Button
            icon="bold"
            aria-label={t('mdEditor.bold')}
            title={t('mdEditor.bold')}
            onClick={() => wrap('bold')}
          />
          <Button
            icon="italic"
            aria-label={t('mdEditor.italic')}
            title={t('mdEditor.italic')}
            onClick={() => wrap('italic')}
          />
          <Button
            icon="code"
            aria-label={t('mdEditor.code')}
            title={t('mdEditor.code')}
            onClick={() => wrap('code')}
          />
          <Button
            icon="code-block"
            aria-label={t('mdEditor.codeBlock')}
            title={t('mdEditor.codeBlock')}
            onClick={() => wrap('codeBlock')}
          />
          <Button
            icon="link"
            aria-label={t('mdEditor.link')}
            title={t('mdEditor.link')}
            onClick={() => wrap('link')}
          />
          <Button
            icon="function"
            aria-label={t('mdEditor.math')}
            title={t('mdEditor.math')}
            onClick={() => wrap('math')}
          />
        </ButtonGroup>
        {uploads && (
          <FileInput
            small
            text={t('mdEditor.attach')}
            buttonText={t('mdEditor.browse')}
            inputProps={
              { multiple: true, 'aria-label': t('mdEditor.attach'), 'data-testid': `${testId}-file` } as never
            }
            onInputChange={(e) => {
              const input = e.currentTarget as HTMLInputElement;
              const files = [...(input.files ?? [])];
              input.value = '';
              void upload(files);
            }}
          />
        )}
        {narrow && preview && (
          <ButtonGroup>
            <Button
              small
              active={tab === 'write'}
              onClick={() => setTab('write')}
              text={t('mdEditor.write')}
            />
            <Button
              small
              active={tab === 'preview'}
              onClick={() => setTab('preview')}
              text={t('mdEditor.preview')}
              data-testid={`${testId}-preview-tab`}
            />
          </ButtonGroup>
        )}
      </div>
      {pending.map((u) => (
        <div key={u.id} className="oj-md-upload" data-testid={`${testId}-upload`}>
          <span className="bp6-text-small bp6-text-muted">{t('mdEditor.uploading', { name: u.name })}</span>
          <ProgressBar value={u.fraction} stripes={u.fraction < 1} />
        </div>
      ))}
      <div className={`oj-md-panes${showWrite && showPreview ? ' oj-md-split' : ''}`}>
        {showWrite && (
          <TextArea
            inputRef={area}
            fill
            rows={rows}
            value={value}
            placeholder={placeholder ?? t('mdEditor.placeholder')}
            intent={over ? 'danger' : 'none'}
            onChange={(e) => onChange(e.target.value)}
            onPaste={onPaste}
            onDrop={onDrop}
            onDragOver={(e) => {
              if (uploads && e.dataTransfer.types.includes('Files')) e.preventDefault();
            }}
            data-testid={`${testId}-input`}
          />
        )}
        {showPreview && (
          <div className="oj-md-preview" aria-label={t('mdEditor.preview')}>
            {value.trim() ? (
              <MathMarkdown source={value} testId={`${testId}-preview`} />
            ) : (
              <span className="bp6-text-muted">{t('mdEditor.nothing')}</span>
            )}
          </div>
        )}
      </div>
      {maxLength !== undefined && (
        <div className={`oj-md-count bp6-text-small ${over ? 'bp6-intent-danger' : 'bp6-text-muted'}`}>
          {over ? (
            <Callout compact intent="danger">
              {t('mdEditor.tooLong', { max: maxLength })}
            </Callout>
          ) : (
            `${value.length} / ${maxLength}`
          )}
        </div>
      )}
    </div>
  );
}
