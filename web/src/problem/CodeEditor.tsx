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
import { bracketMatching, indentOnInput, indentUnit, StreamLanguage } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  type KeyBinding,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { loadEditorTheme, loadSearch, type SearchModule } from './editor-loaders';
import type { EditorTheme } from './editor-prefs';
import { legacyMode } from './legacy-modes';

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
  const legacy = await legacyMode(n);
  if (legacy) return StreamLanguage.define(legacy);
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

/** Keys of @codemirror/search's keymap: pressed before the package is there, they load it first. */
const SEARCH_KEYS = ['Mod-f', 'F3', 'Mod-g', 'Shift-F3', 'Shift-Mod-g', 'Mod-Alt-g', 'Mod-d', 'Mod-Shift-l'];

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
    search: new Compartment(),
  });

  useEffect(() => {
    const c = parts.current;
    let searchReady = false;
    /** Puts the search panel, its keymap and the selection-match marks in (once), then runs `then`. */
    const withSearch = (ed: EditorView, then?: (m: SearchModule) => void) => {
      void loadSearch().then((m) => {
        if (ed !== view.current) return;
        if (!searchReady) {
          searchReady = true;
          ed.dispatch({
            effects: c.search.reconfigure([
              m.search({ top: true }),
              m.highlightSelectionMatches(),
              keymap.of(m.searchKeymap),
            ]),
          });
        }
        then?.(m);
      });
    };
    const searchKeys: KeyBinding[] = SEARCH_KEYS.map((key) => ({
      key,
      preventDefault: true,
      run: (ed) => {
        if (searchReady) return false;
        withSearch(ed, (m) => {
          const binding = m.searchKeymap.find((b) => b.key === key || b.mac === key);
          binding?.run?.(ed);
        });
        return true;
      },
    }));
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
          c.search.of([]),
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
            ...searchKeys,
            ...defaultKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          c.lang.of([]),
          c.theme.of([]),
          c.size.of(sizeTheme(props.fontSize)),
          c.tab.of(tabs(props.tabSize)),
          c.ro.of(readOnly(!!props.readOnly)),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChange.current(u.state.doc.toString());
            // the first selection brings the search package for the marks of matching words
            if (!searchReady && u.selectionSet && !u.state.selection.main.empty) withSearch(u.view);
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      view.current = null;
      v.destroy();
    };
    // The view is created once; later prop changes are applied through compartments below.
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== props.value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: props.value } });
  }, [props.value]);

  useEffect(() => {
    let live = true;
    void loadEditorTheme(props.theme).then((ext) => {
      if (live) view.current?.dispatch({ effects: parts.current.theme.reconfigure(ext) });
    });
    return () => {
      live = false;
    };
  }, [props.theme]);

  useEffect(() => {
    const c = parts.current;
    view.current?.dispatch({
      effects: [
        c.size.reconfigure(sizeTheme(props.fontSize)),
        c.tab.reconfigure(tabs(props.tabSize)),
        c.ro.reconfigure(readOnly(!!props.readOnly)),
      ],
    });
  }, [props.fontSize, props.tabSize, props.readOnly]);

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
