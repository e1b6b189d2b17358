// CodeMirror 6 editor (its own lazily loaded chunk). Theme, font size, tab size and language
// live in compartments so changing them keeps the document and cursor.
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completeAnyWord,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  indentUnit,
  StreamLanguage,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { dracula } from '@uiw/codemirror-theme-dracula';
import { eclipse } from '@uiw/codemirror-theme-eclipse';
import { materialDark } from '@uiw/codemirror-theme-material';
import { monokai } from '@uiw/codemirror-theme-monokai';
import { solarizedLight } from '@uiw/codemirror-theme-solarized';
import { useEffect, useRef } from 'react';
import type { EditorTheme } from './editor-prefs';
import { base16Dark, cobalt } from './editor-themes';

export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  language: string;
  theme: EditorTheme;
  fontSize: number;
  tabSize: number;
  /** Ctrl/Cmd+Enter. */
  onSubmit?(): void;
  /** Nothing to edit (the problem did not load). */
  readOnly?: boolean;
}

/** Syntax support by language name as the judge names it (C++ With O2, Python3, ...); each grammar is its own chunk. */
export async function loadLanguage(name: string): Promise<Extension> {
  const n = name.toLowerCase();
  if (n.startsWith('c#'))
    return StreamLanguage.define((await import('@codemirror/legacy-modes/mode/clike')).csharp);
  if (n.startsWith('c')) return (await import('@codemirror/lang-cpp')).cpp();
  if (n.startsWith('java') && !n.startsWith('javascript'))
    return (await import('@codemirror/lang-java')).java();
  if (n.includes('py')) return (await import('@codemirror/lang-python')).python();
  if (n.startsWith('javascript')) return (await import('@codemirror/lang-javascript')).javascript();
  if (n.startsWith('go')) return (await import('@codemirror/lang-go')).go();
  if (n.startsWith('rust')) return (await import('@codemirror/lang-rust')).rust();
  if (n.startsWith('php')) return (await import('@codemirror/lang-php')).php();
  if (n.startsWith('ruby'))
    return StreamLanguage.define((await import('@codemirror/legacy-modes/mode/ruby')).ruby);
  return [];
}

const THEMES: Record<EditorTheme, Extension> = {
  monokai,
  solarized: solarizedLight,
  material: materialDark,
  // "idea" has no CM6 port: CodeMirror's own light highlighting stands in.
  idea: syntaxHighlighting(defaultHighlightStyle),
  eclipse,
  'base16-dark': base16Dark,
  cobalt,
  dracula,
};

const sizeTheme = (px: number) =>
  EditorView.theme({ '&': { fontSize: `${px}px`, height: '100%' }, '.cm-scroller': { overflow: 'auto' } });
const readOnly = (on: boolean) => [EditorState.readOnly.of(on), EditorView.editable.of(!on)];
const tabs = (n: number) => [EditorState.tabSize.of(n), indentUnit.of(' '.repeat(n))];

export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const onSubmit = useRef(props.onSubmit);
  onSubmit.current = props.onSubmit;
  const parts = useRef({
    lang: new Compartment(),
    theme: new Compartment(),
    size: new Compartment(),
    tab: new Compartment(),
    ro: new Compartment(),
  });

  useEffect(() => {
    const c = parts.current;
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          // Words of the document complete in every language (the grammars add their own sources).
          EditorState.languageData.of(() => [{ autocomplete: completeAnyWord }]),
          search({ top: true }),
          highlightSelectionMatches(),
          keymap.of([
            {
              key: 'Mod-Enter',
              preventDefault: true,
              run: () => {
                onSubmit.current?.();
                return true;
              },
            },
            ...closeBracketsKeymap,
            ...completionKeymap,
            ...searchKeymap,
            ...defaultKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          c.lang.of([]),
          c.theme.of(THEMES[props.theme]),
          c.size.of(sizeTheme(props.fontSize)),
          c.tab.of(tabs(props.tabSize)),
          c.ro.of(readOnly(!!props.readOnly)),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChange.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => v.destroy();
    // The view is created once; later prop changes are applied through compartments below.
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== props.value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: props.value } });
  }, [props.value]);

  useEffect(() => {
    const c = parts.current;
    view.current?.dispatch({
      effects: [
        c.theme.reconfigure(THEMES[props.theme]),
        c.size.reconfigure(sizeTheme(props.fontSize)),
        c.tab.reconfigure(tabs(props.tabSize)),
        c.ro.reconfigure(readOnly(!!props.readOnly)),
      ],
    });
  }, [props.theme, props.fontSize, props.tabSize, props.readOnly]);

  useEffect(() => {
    let live = true;
    void loadLanguage(props.language).then((ext) => {
      if (live) view.current?.dispatch({ effects: parts.current.lang.reconfigure(ext) });
    });
    return () => {
      live = false;
    };
  }, [props.language]);

  return (
    <div
      ref={host}
      className="oj-code-editor"
      data-testid="code-editor"
      data-readonly={props.readOnly ? 'true' : undefined}
      style={{ height: '100%' }}
    />
  );
}
